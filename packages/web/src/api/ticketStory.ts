/** A ticket's story (GET /tickets/:id/events) for the chat's timeline, and the contact panel beside it. */
import { TICKET_ROUTES as R, type TicketEventDTO, type TicketStoryEvent } from '@switchboard/shared';
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
