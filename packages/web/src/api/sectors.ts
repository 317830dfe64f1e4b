/**
 * Sectors API (GET/POST /queue, GET/PUT/DELETE /queue/:id) for the sectors screen. The list shares
 * its cache entry with `useQueues` (queues.ts), which reads the same answer through a narrower type.
 */
import type { QueueDTO, QueueEvent } from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './client';
import { removeFromList, upsertInList } from './listCache';
import { queryKeys } from './queryKeys';

export function useSectors() {
  return useQuery({
    queryKey: queryKeys.queues,
    queryFn: ({ signal }) => api.get<QueueDTO[]>('/queue', undefined, signal),
    staleTime: 0,
  });
}

export function useSector(id: number | null | undefined) {
  return useQuery({
    queryKey: queryKeys.queue(id ?? 0),
    queryFn: ({ signal }) => api.get<QueueDTO>(`/queue/${id}`, undefined, signal),
    enabled: id != null,
    staleTime: 0,
  });
}

export function applyQueueEvent(queryClient: QueryClient, event: QueueEvent): void {
  if (event.action === 'delete') {
    queryClient.setQueryData<QueueDTO[]>(queryKeys.queues, (list) => removeFromList(list, event.queueId));
    queryClient.removeQueries({ queryKey: queryKeys.queue(event.queueId) });
  } else {
    queryClient.setQueryData<QueueDTO[]>(queryKeys.queues, (list) => upsertInList(list, event.queue));
    queryClient.setQueryData(queryKeys.queue(event.queue.id), event.queue);
  }
}

export interface SectorPayload {
  name: string;
  color: string;
  greetingMessage: string;
  absenceMessage: string;
  startWork: string;
  endWork: string;
}

export function useSaveSector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id?: number; data: SectorPayload }) =>
      id == null ? api.post<QueueDTO>('/queue', data) : api.put<QueueDTO>(`/queue/${id}`, data),
    onSuccess: (queue, { id }) => applyQueueEvent(queryClient, { action: id == null ? 'create' : 'update', queue }),
  });
}

export function useDeleteSector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/queue/${id}`),
    onSuccess: (_r, queueId) => applyQueueEvent(queryClient, { action: 'delete', queueId }),
  });
}
