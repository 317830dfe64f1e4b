/**
 * A colleague named the user in a private note: the bell's mentions list is refreshed, the chime
 * plays and a desktop notification opens that ticket — whether or not the ticket is the user's.
 * Opening the ticket reads the mentions (the server announces `read` to the user's other tabs).
 */
import { EVENTS } from '@switchboard/shared';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { mentionKeys } from '../../../api/notes';
import { useRealtimeEvent } from '../../../components/useRealtimeEvent';
import { playNotificationSound } from './notifySound';

export function useMentionNotifications(): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const match = useMatch('/tickets/:ticketId');
  const openTicketId = match ? Number(match.params.ticketId) : null;
  const state = useRef({ t, navigate, openTicketId });
  useLayoutEffect(() => {
    state.current = { t, navigate, openTicketId };
  });

  useRealtimeEvent(EVENTS.mention, (queryClient, event) => {
    void queryClient.invalidateQueries({ queryKey: mentionKeys.unread });
    if (event.action !== 'create') return;
    const { t: tr, navigate: go, openTicketId: openId } = state.current;
    if (event.mention.ticketId === openId && document.visibilityState === 'visible') return;
    playNotificationSound();
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const { mention } = event;
    const notification = new Notification(
      tr('tickets.notification.mention', { name: mention.byUserName ?? '', contact: mention.contactName }),
      {
        body: mention.body,
        tag: `mention-${mention.id}`,
      },
    );
    notification.onclick = () => {
      window.focus();
      void go(`/tickets/${mention.ticketId}`);
      notification.close();
    };
  });
}
