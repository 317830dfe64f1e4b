/** WhatsApp Cloud API for the chat: the ticket's 24-hour window, the account's templates, sending one. */
import { cloudTemplatesSchema, messageSchema, serviceWindowSchema, type SendTemplateInput } from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { upsertMessage } from './messageCache';

/** `version` (the ticket's updatedAt) changes with every message: the window is read again then. */
export function useServiceWindow(ticketId: number, version: string) {
  return useQuery({
    queryKey: ['serviceWindow', ticketId, version],
    queryFn: ({ signal }) => api.get(`/tickets/${ticketId}/service-window`, serviceWindowSchema, undefined, signal),
    // The window closes by the clock too.
    refetchInterval: 60_000,
  });
}

export function useTemplates(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['cloudTemplates', ticketId],
    queryFn: ({ signal }) => api.get(`/tickets/${ticketId}/templates`, cloudTemplatesSchema, undefined, signal),
    enabled,
    retry: false,
  });
}

export function useSendTemplate(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendTemplateInput) => api.post(`/tickets/${ticketId}/templates`, messageSchema, input),
    onSuccess: (message) => upsertMessage(queryClient, message),
  });
}
