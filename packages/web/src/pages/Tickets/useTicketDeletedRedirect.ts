/**
 * A deleted ticket (spec §4 Live updates): the toast 'Chamado apagado com sucesso', and back to
 * /tickets when it was the open one. The user's own transfer/return also makes the server say
 * "delete" (the ticket left their sight); that one is not announced as a deletion.
 */
import { EVENTS, type TicketEvent } from '@switchboard/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/Toasts';
import { useRealtimeEvent } from '../../components/useRealtimeEvent';
import { recentlyMoved } from './recentlyMoved';

export function useTicketDeletedRedirect(openTicketId: number | null): void {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const state = useRef({ openTicketId, t, toast, navigate });
  state.current = { openTicketId, t, toast, navigate };

  useRealtimeEvent<TicketEvent>(EVENTS.ticket, (_qc, event) => {
    if (event.action !== 'delete') return;
    const s = state.current;
    const wasOpen = event.ticketId === s.openTicketId;
    if (recentlyMoved.has(event.ticketId)) return;
    if (wasOpen) {
      s.toast.success(s.t('tickets.deleted'));
      s.navigate('/tickets');
    }
  });
}
