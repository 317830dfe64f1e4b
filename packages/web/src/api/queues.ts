import { SECTOR_ROUTES } from '@switchboard/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './queryKeys';

/**
 * The sectors to pick from (connection, attendant, transfer and new-ticket dialogs). The list stays
 * live without re-reading it on every picker: the shell's socket applies each sector change to it
 * (sessionSocket.ts), and reads everything again after a reconnect, when changes may have been missed.
 */
export function useQueues(enabled = true) {
  return useQuery({
    queryKey: queryKeys.queues,
    queryFn: ({ signal }) => call(SECTOR_ROUTES.list, { signal }),
    enabled,
  });
}
