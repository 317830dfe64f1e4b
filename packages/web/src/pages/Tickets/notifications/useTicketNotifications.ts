/**
 * Sound and desktop notification for a customer's new message on a ticket the user may see that is
 * not the one open on screen (spec §2, §4): normal users only for their own tickets and sectors.
 * A ticket's notification is closed when it is read (updateUnread) or deleted. A ticket the
 * sector's auto-assignment gives the user is announced with the sound and a toast (it appears in
 * their Open tab by itself).
 */
import { EVENTS, messageNotifies, type AppMessageEvent } from '@switchboard/shared';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { previewText } from '../../../components/MessagePreview';
import { useToast } from '../../../components/Toasts';
import { useRealtimeEvent } from '../../../components/useRealtimeEvent';
import type { TicketViewerFacts } from '../../../api/ticketListCache';
import { useViewer } from '../useViewer';
import { playNotificationSound } from './notifySound';

const PERMISSION_ASKED_KEY = 'notificationPermissionAsked';

export function shouldNotify(event: AppMessageEvent, openTicketId: number | null, viewer: TicketViewerFacts): boolean {
  if (!event.ticket) return false;
  if (event.action === 'create' && event.ticket.id === openTicketId && document.visibilityState === 'visible') return false;
  // The bell's rule, shared with the server's pushes (shared push-notices.ts).
  return messageNotifies(
    event,
    {
      id: viewer.id,
      queueIds: viewer.queueIds,
      profile: viewer.profile ?? 'user',
      allTicket: !!viewer.allTicket,
    },
    { allTicket: !!viewer.sectorlessForAll },
  );
}

export function useTicketNotifications(): void {
  const { t } = useTranslation();
  const viewer = useViewer();
  const navigate = useNavigate();
  const match = useMatch('/tickets/:ticketId');
  const openTicketId = match ? Number(match.params.ticketId) : null;
  const toast = useToast();
  const state = useRef({ openTicketId, viewer, navigate, t });
  useLayoutEffect(() => {
    state.current = { openTicketId, viewer, navigate, t };
  });
  const shown = useRef(new Map<number, Notification>());

  // Ask once for permission to show desktop notifications.
  useEffect(() => {
    if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
    if (localStorage.getItem(PERMISSION_ASKED_KEY)) return;
    localStorage.setItem(PERMISSION_ASKED_KEY, '1');
    void Notification.requestPermission().catch(() => undefined);
  }, []);

  useRealtimeEvent(EVENTS.appMessage, (_qc, event) => {
    const { openTicketId: openId, viewer: v, navigate: go, t: tr } = state.current;
    if (!shouldNotify(event, openId, v.facts)) return;
    playNotificationSound();
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const ticket = event.ticket;
    shown.current.get(ticket.id)?.close();
    // Text only: the notification body is customer content shown by the OS.
    const notification = new Notification(tr('tickets.notification.newMessage', { name: ticket.contact.name }), {
      body: previewText(tr, ticket.lastMessage) || event.message.body,
      tag: `ticket-${ticket.id}`,
      icon: ticket.contact.profilePicUrl || undefined,
    });
    notification.onclick = () => {
      window.focus();
      void go(`/tickets/${ticket.id}`);
      notification.close();
    };
    shown.current.set(ticket.id, notification);
  });

  useRealtimeEvent(EVENTS.ticket, (_qc, event) => {
    if (event.action !== 'update' || !event.autoAssigned) return;
    const { viewer: v, t: tr } = state.current;
    if (event.ticket.userId !== v.facts.id) return;
    playNotificationSound();
    toast.info(tr('tickets.notification.autoAssigned', { name: event.ticket.contact.name }));
  });

  useRealtimeEvent(EVENTS.ticket, (_qc, event) => {
    if (event.action !== 'updateUnread' && event.action !== 'delete') return;
    shown.current.get(event.ticketId)?.close();
    shown.current.delete(event.ticketId);
  });
}
