/** Outgoing webhooks (admins): registrations, the delivery log, retry and test. */
import { WEBHOOK_ROUTES as R, type WebhookCreateInput, type WebhookUpdateInput } from '@switchboard/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: number) => ['webhooks', 'deliveries', id] as const,
};

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => call(R.list, { signal }),
    select: (data) => data.webhooks,
  });
}

export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { id: number; input: WebhookUpdateInput } | { id?: undefined; input: WebhookCreateInput }) =>
      save.id !== undefined ? call(R.update, { params: { id: save.id }, body: save.input }) : call(R.create, { body: save.input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(R.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

/** The log, newest first; refreshed every few seconds while open (deliveries change in the background). */
export function useWebhookDeliveries(id: number) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(id),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => call(R.deliveries, { params: { id }, query: { pageNumber: pageParam }, signal }),
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
    refetchInterval: 3000,
  });
}

export function useRetryDelivery(webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => call(R.retry, { params: { id: webhookId, deliveryId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(R.test, { params: { id } }),
    onSuccess: (_d, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
