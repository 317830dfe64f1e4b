/**
 * Keeps every tickets cache live (lists, the open ticket, its messages, the bell) from the socket.
 * Mounted once for the whole signed-in shell (by the notifications bell), so the lists are right
 * whichever screen is open and each event is applied exactly once.
 */
import { EVENTS } from '@switchboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { queryKeys } from '../../../api/queryKeys';
import { applyTicketStoryEvent, refreshContactPanels } from '../../../api/ticketStory';
import { applyAppMessageEvent, applyContactToTickets, applyTicketEvent } from '../../../api/tickets';
import { useRealtimeEvent } from '../../../components/useRealtimeEvent';
import { useViewer } from '../useViewer';

export function useTicketsLiveCache(): void {
  const viewer = useViewer();
  const facts = useRef(viewer.facts);
  useLayoutEffect(() => {
    facts.current = viewer.facts;
  });
  const queryClient = useQueryClient();

  useRealtimeEvent(EVENTS.ticket, (qc, event) => {
    applyTicketEvent(qc, event, facts.current);
    if ('ticket' in event) refreshContactPanels(qc, { ticket: event.ticket });
    else if (event.action === 'delete') refreshContactPanels(qc, { removedTicketId: event.ticketId });
  });
  useRealtimeEvent(EVENTS.appMessage, (qc, event) => {
    applyAppMessageEvent(qc, event, facts.current);
    // The panel counts the staff's private notes about the customer.
    if (event.message.isPrivate) refreshContactPanels(qc, { ticketId: event.message.ticketId });
  });
  useRealtimeEvent(EVENTS.ticketEvent, (qc, event) => {
    applyTicketStoryEvent(qc, event);
    // Ratings and how a ticket ended are in the panel.
    refreshContactPanels(qc, { ticketId: event.event.ticketId });
  });
  useRealtimeEvent(EVENTS.contact, (qc, event) => {
    if (event.action !== 'update' || !event.contact) return;
    applyContactToTickets(qc, event.contact);
    queryClient.setQueryData(queryKeys.contact(event.contact.id), event.contact);
  });
}
