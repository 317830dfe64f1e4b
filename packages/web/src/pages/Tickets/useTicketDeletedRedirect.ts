/**
 * A deleted ticket (spec §4 Live updates): the toast 'Chamado apagado com sucesso', and back to
 * /tickets when it was the open one. A ticket that only left the user's sight (taken by someone
 * else, transferred, returned) arrives as a delete marked `moved`: back to /tickets, no toast.
 */
import { EVENTS } from '@switchboard/shared';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/Toasts';
import { useRealtimeEvent } from '../../components/useRealtimeEvent';

export function useTicketDeletedRedirect(openTicketId: number | null): void {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const state = useRef({ openTicketId, t, toast, navigate });
  useLayoutEffect(() => {
    state.current = { openTicketId, t, toast, navigate };
  });

  useRealtimeEvent(EVENTS.ticket, (_qc, event) => {
    if (event.action !== 'delete') return;
    const s = state.current;
    const wasOpen = event.ticketId === s.openTicketId;
    if (!wasOpen) return;
    if (!event.moved) s.toast.success(s.t('tickets.deleted'));
    void s.navigate('/tickets');
  });
}
