import type { QueueRef } from '@switchboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { emptyWhenMissing } from './optional';
import { queryKeys } from './queryKeys';

export function useQueues(enabled = true) {
  return useQuery({
    queryKey: queryKeys.queues,
    queryFn: ({ signal }) => emptyWhenMissing(() => api.get<QueueRef[]>('/queue', undefined, signal)),
    enabled,
  });
}
