import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { emptyWhenMissing } from './optional';
import { queryKeys } from './queryKeys';

/** The part of a connection the shell and the user modal need. */
export interface ConnectionSummary {
  id: number;
  name: string;
  status: string;
  isDefault?: boolean;
}

export function useConnections(enabled = true) {
  return useQuery({
    queryKey: queryKeys.connections,
    queryFn: ({ signal }) => emptyWhenMissing(() => api.get<ConnectionSummary[]>('/whatsapp', undefined, signal)),
    enabled,
  });
}
