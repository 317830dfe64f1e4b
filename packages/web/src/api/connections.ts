import { CONNECTION_ROUTES, type ConnectionSummary } from '@switchboard/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './queryKeys';

/**
 * The connections the shell and the user modal need: administrators get whole connections,
 * everyone else their summaries (GET /whatsapp answers by profile); both carry these fields.
 */
export type { ConnectionSummary };

export function useConnections(enabled = true) {
  return useQuery({
    queryKey: queryKeys.connections,
    queryFn: ({ signal }): Promise<ConnectionSummary[]> => call(CONNECTION_ROUTES.list, { signal }),
    enabled,
  });
}
