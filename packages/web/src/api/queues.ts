import { SECTOR_ROUTES } from '@switchboard/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './queryKeys';

/**
 * The sectors to pick from (connection, attendant, transfer and new-ticket dialogs). Read again
 * whenever a picker mounts: sectors created since the list was cached (another tab, another admin,
 * the API) must be choosable at once, not after the app's default 30 s of freshness.
 */
export function useQueues(enabled = true) {
  return useQuery({
    queryKey: queryKeys.queues,
    queryFn: ({ signal }) => call(SECTOR_ROUTES.list, { signal }),
    enabled,
    staleTime: 0,
  });
}
