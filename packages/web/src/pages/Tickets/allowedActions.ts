/**
 * The ticket actions the signed-in user may take: the `allowedActions` the server answered with
 * the ticket. A copy that came by a realtime event (sent to many users, so carrying no caller's
 * actions) is read by the same shared policy table the server refuses with — never by a rule of
 * the web's own.
 */
import { ticketActions, type AccessActor, type TicketAction, type TicketDTO } from '@switchboard/shared';
import { useMemo } from 'react';
import type { TicketViewerFacts } from '../../api/ticketListCache';
import { useViewer } from './useViewer';

export function allowedTicketActions(ticket: TicketDTO, viewer: TicketViewerFacts): ReadonlySet<TicketAction> {
  if (ticket.allowedActions) return new Set(ticket.allowedActions);
  const actor: AccessActor = { id: viewer.id, queueIds: viewer.queueIds, profile: viewer.profile ?? 'user', allTicket: !!viewer.allTicket };
  return new Set(
    ticketActions(actor, {
      userId: ticket.userId,
      queueId: ticket.queueId,
      status: ticket.status,
      sectorlessForAll: !!viewer.sectorlessForAll,
    }),
  );
}

export function useAllowedActions(ticket: TicketDTO): ReadonlySet<TicketAction> {
  const { facts } = useViewer();
  return useMemo(() => allowedTicketActions(ticket, facts), [ticket, facts]);
}
