/**
 * Sectors API (GET/POST /queue, GET/PUT/DELETE /queue/:id) for the sectors screen. The list shares
 * its cache entry with `useQueues` (queues.ts), which reads the same answer through a narrower type.
 */
import { SECTOR_ROUTES as R, type QueueDTO, type QueueEvent, type queueCreateSchema } from '@switchboard/shared';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from './client';
import { removeFromList, upsertInList } from './listCache';
import { queryKeys } from './queryKeys';

export function useSectors() {
  return useQuery({
    queryKey: queryKeys.queues,
    queryFn: ({ signal }) => call(R.list, { signal }),
    staleTime: 0,
  });
}

export function useSector(id: number | null | undefined) {
  return useQuery({
    queryKey: queryKeys.queue(id ?? 0),
    queryFn: ({ signal }) => call(R.show, { params: { id: id! }, signal }),
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

/** What the sector form sends: the route's own schema. */
export type SectorPayload = z.input<typeof queueCreateSchema>;

export function useSaveSector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id?: number; data: SectorPayload }) =>
      id == null ? call(R.create, { body: data }) : call(R.update, { params: { id }, body: data }),
    onSuccess: (queue, { id }) => applyQueueEvent(queryClient, { action: id == null ? 'create' : 'update', queue }),
  });
}

export function useDeleteSector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(R.remove, { params: { id } }),
    onSuccess: (_r, queueId) => applyQueueEvent(queryClient, { action: 'delete', queueId }),
  });
}
