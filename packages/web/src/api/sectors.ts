/**
 * Sectors API (GET/POST /queue, GET/PUT/DELETE /queue/:id) for the sectors screen. The list shares
 * its cache entry with `useQueues` (queues.ts), which reads the same answer through a narrower type.
 */
import { SECTOR_ROUTES as R, type QueueDTO, type QueueEvent, type queueCreateSchema } from '@switchboard/shared';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from './client';
import { removeFromList, upsertInList } from './listCache';
import { readAgainAfterCurrentRead } from './liveQueries';
import { queryKeys } from './queryKeys';

/** The sectors list; kept live by the shell's socket (`applyQueueEvent`), like `useQueues`. */
export function useSectors() {
  return useQuery({
    queryKey: queryKeys.queues,
    queryFn: ({ signal }) => call(R.list, { signal }),
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

/**
 * Applies a sector change to the cached list and detail. Every signed-in socket hears them (the
 * server sends them to all users), so the shell applies them whatever screen is open; a list being
 * read at that moment is read again once that read ends (liveQueries.ts).
 */
export function applyQueueEvent(queryClient: QueryClient, event: QueueEvent): void {
  for (const list of queryClient.getQueryCache().findAll({ queryKey: queryKeys.queues, exact: true }))
    readAgainAfterCurrentRead(queryClient, list);
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
