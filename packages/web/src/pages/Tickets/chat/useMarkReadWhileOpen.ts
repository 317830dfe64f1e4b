/**
 * Messages that arrive on the ticket the user is reading are read (spec §4 Live updates: the unread
 * count resets when a ticket is read). Loading the chat's first page is what marks a ticket read on
 * the server, and it announces `updateUnread`, which clears the list badge and the bell; so while the
 * chat is on screen and the page visible, an unread count above zero asks for that page again.
 */
import { messagesPageSchema, type TicketDTO } from '@switchboard/shared';
import { useEffect } from 'react';
import { api } from '../../../api/client';

/** Several messages in a burst make one request. */
export const MARK_READ_DELAY_MS = 300;

export function useMarkReadWhileOpen(ticket: Pick<TicketDTO, 'id' | 'unreadMessages'> | undefined): void {
  const id = ticket?.id;
  const unread = (ticket?.unreadMessages ?? 0) > 0;
  useEffect(() => {
    if (id == null || !unread) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const markRead = () => {
      if (document.visibilityState !== 'visible' || timer) return;
      timer = setTimeout(() => {
        // The unread count stays until the next message or the next visit; the failure is not silent.
        api
          .get(`/messages/${id}`, messagesPageSchema, { pageNumber: 1 })
          .catch((err: unknown) => console.warn('Marking the chat read failed', err));
      }, MARK_READ_DELAY_MS);
    };
    markRead();
    // A message read in another tab or window counts once the user comes back to this one.
    document.addEventListener('visibilitychange', markRead);
    return () => {
      document.removeEventListener('visibilitychange', markRead);
      clearTimeout(timer);
    };
  }, [id, unread]);
}
