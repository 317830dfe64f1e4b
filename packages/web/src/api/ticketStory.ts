/** A ticket's story (GET /tickets/:id/events) for the chat's timeline, and the contact panel beside it. */
import { TICKET_ROUTES as R, type ContactPanelDTO, type TicketDTO, type TicketEventDTO, type TicketStoryEvent } from '@switchboard/shared';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './queryKeys';

export function useTicketStory(ticketId: number) {
  return useQuery({
    queryKey: queryKeys.ticketStory(ticketId),
    queryFn: ({ signal }) => call(R.events, { params: { id: ticketId }, signal }),
    staleTime: 0,
    retry: false,
  });
}

/** A live event joins the story it belongs to (once, in time order), if that story is loaded. */
export function applyTicketStoryEvent(queryClient: QueryClient, { event }: TicketStoryEvent): void {
  queryClient.setQueryData<TicketEventDTO[]>(queryKeys.ticketStory(event.ticketId), (story) => {
    if (!story || story.some((e) => e.id === event.id)) return story;
    return [...story, event].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id);
  });
}

/** The contact panel beside the chat (GET /tickets/:id/contact-panel), loaded while it is open. */
export function useContactPanel(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.contactPanel(ticketId),
    queryFn: ({ signal }) => call(R.contactPanel, { params: { id: ticketId }, signal }),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/** What a realtime event says about a ticket, as far as a contact panel shows it. */
export type PanelChange =
  /** The ticket as it is now: a panel listing it differently, or its contact's panel not listing it yet, is stale. */
  | { ticket: Pick<TicketDTO, 'id' | 'status' | 'userId' | 'queueId' | 'whatsappId'> & { contact?: { id: number } | null } }
  /** Something the panel counts happened on the ticket (a rating, a private note, a step of its story). */
  | { ticketId: TicketDTO['id'] }
  /** The ticket is gone from the reader's sight, or deleted. */
  | { removedTicketId: TicketDTO['id'] };

/**
 * Contact panels shown beside a chat are read again when an event changes what they show: the
 * customer's tickets (a new one, another's status, attendant, sector or connection), their ratings
 * and notes. A ticket's update that changes none of that (a new message, the unread count) leaves
 * the panels alone, so an open chat does not reload its panel on every message. Only panels in
 * use are fetched; others are just marked stale.
 */
export function refreshContactPanels(queryClient: QueryClient, change: PanelChange): void {
  void queryClient.invalidateQueries({
    predicate: (query) => {
      if (query.queryKey[0] !== 'contactPanel') return false;
      const panel = query.state.data as ContactPanelDTO | undefined;
      if ('ticketId' in change) return query.queryKey[1] === change.ticketId || !!panel?.tickets.some((t) => t.id === change.ticketId);
      if ('removedTicketId' in change) return !!panel?.tickets.some((t) => t.id === change.removedTicketId);
      if (!panel) return false;
      const { ticket } = change;
      const listed = panel.tickets.find((t) => t.id === ticket.id);
      if (!listed) return ticket.contact?.id === panel.contactId;
      return (
        listed.status !== ticket.status ||
        (listed.user?.id ?? null) !== ticket.userId ||
        (listed.queue?.id ?? null) !== ticket.queueId ||
        (listed.connection?.id ?? null) !== ticket.whatsappId
      );
    },
  });
}
