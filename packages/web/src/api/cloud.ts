/** WhatsApp Cloud API for the chat: the ticket's 24-hour window, the account's templates, sending one. */
import { TICKET_ROUTES as R, type SendTemplateInput } from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';
import { upsertMessage } from './messageCache';

/** `version` (the ticket's updatedAt) changes with every message: the window is read again then. */
export function useServiceWindow(ticketId: number, version: string) {
  return useQuery({
    queryKey: ['serviceWindow', ticketId, version],
    queryFn: ({ signal }) => call(R.serviceWindow, { params: { ticketId }, signal }),
    // The window closes by the clock too.
    refetchInterval: 60_000,
  });
}

export function useTemplates(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['cloudTemplates', ticketId],
    queryFn: ({ signal }) => call(R.templates, { params: { ticketId }, signal }),
    enabled,
    retry: false,
  });
}

export function useSendTemplate(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendTemplateInput) => call(R.sendTemplate, { params: { ticketId }, body: input }),
    onSuccess: (message) => upsertMessage(queryClient, message),
  });
}
