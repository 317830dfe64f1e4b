/** Scheduled messages: a chat's list, the calendar of everything scheduled, saving and cancelling. */
import {
  EVENTS,
  SCHEDULED_MESSAGE_ROUTES as R,
  scheduledMessageSchema,
  type scheduledMessageSaveSchema,
  TICKET_ROUTES,
} from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useRealtimeEvent } from '../components/useRealtimeEvent';
import type { AttachmentChoice } from '../components/AttachmentPicker';
import { saveAttachment } from './attachments';
import { call } from './client';

export type ScheduledMessageInput = z.input<typeof scheduledMessageSaveSchema>;

const KEY = 'scheduledMessages';

export function useTicketScheduledMessages(ticketId: number) {
  return useQuery({
    queryKey: [KEY, 'ticket', ticketId],
    queryFn: ({ signal }) => call(TICKET_ROUTES.scheduledMessages, { params: { ticketId }, signal }),
  });
}

export function useScheduledCalendar(from: string, to: string) {
  return useQuery({
    queryKey: [KEY, 'calendar', from, to],
    queryFn: ({ signal }) => call(R.calendar, { query: { from, to }, signal }),
  });
}

/** A scheduled message was created, changed, sent or failed somewhere: the lists showing it read again. */
export function useScheduledMessagesLive(): void {
  useRealtimeEvent(EVENTS.scheduledMessage, (queryClient) => void queryClient.invalidateQueries({ queryKey: [KEY] }));
}

export function useSaveScheduledMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      ticketId,
      input,
      attachment,
    }: {
      id?: number;
      ticketId: number;
      input: ScheduledMessageInput;
      attachment: AttachmentChoice;
    }) => {
      const saved = id
        ? await call(R.update, { params: { id }, body: input })
        : await call(TICKET_ROUTES.schedule, { params: { ticketId }, body: input });
      return saveAttachment(`/scheduledMessages/${saved.id}/media`, scheduledMessageSchema, saved, attachment);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

export function useCancelScheduledMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(R.cancel, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}
