/** Outgoing webhooks (admins): registrations, the delivery log, retry and test. */
import {
  messageResultSchema,
  webhookDeliveriesResponseSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhooksResponseSchema,
  type WebhookCreateInput,
  type WebhookUpdateInput,
} from '@switchboard/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: number) => ['webhooks', 'deliveries', id] as const,
};

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => api.get('/webhooks', webhooksResponseSchema, undefined, signal),
    select: (data) => data.webhooks,
  });
}

export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: WebhookCreateInput | WebhookUpdateInput }) =>
      id ? api.put(`/webhooks/${id}`, webhookSchema, input) : api.post('/webhooks', webhookSchema, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/webhooks/${id}`, messageResultSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

/** The log, newest first; refreshed every few seconds while open (deliveries change in the background). */
export function useWebhookDeliveries(id: number) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(id),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get(`/webhooks/${id}/deliveries`, webhookDeliveriesResponseSchema, { pageNumber: pageParam }, signal),
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
    refetchInterval: 3000,
  });
}

export function useRetryDelivery(webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => api.post(`/webhooks/${webhookId}/deliveries/${deliveryId}/retry`, webhookDeliverySchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/webhooks/${id}/test`, webhookDeliverySchema),
    onSuccess: (_d, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
