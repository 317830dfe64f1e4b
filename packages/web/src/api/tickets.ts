/**
 * Tickets API (spec §7) as react-query hooks, and the realtime rules that keep every cached tickets
 * list, the open ticket and the messages of the open chat in step (spec §4 Live updates).
 */
import { type AppMessageEvent, type TicketDTO, type TicketEvent, TICKET_ROUTES as R, type TicketUpdateBody } from '@switchboard/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './queryKeys';
import {
  clearUnread,
  filterOfKey,
  removeTicket,
  updateContact,
  upsertTicket,
  type TicketListFilter,
  type TicketsData,
  type TicketViewerFacts,
} from './ticketListCache';
import { updateLiveQueries } from './liveQueries';
import { removeMessagesOfTicket, upsertMessage } from './messageCache';

/**
 * GET /tickets query parameters for a list filter (arrays travel as JSON, spec §7). Pages after the
 * first follow the previous page's `nextCursor` (keyset paging): tickets arriving at the top while
 * the user scrolls shift nothing, and a deep page costs what the first does.
 */
export function ticketsQuery(filter: TicketListFilter, cursor?: string) {
  return {
    cursor,
    status: filter.status,
    searchParam: filter.searchParam,
    showAll: filter.showAll ? ('true' as const) : undefined,
    queueIds: filter.queueIds?.length ? JSON.stringify(filter.queueIds) : undefined,
    isGroup: filter.isGroup,
    withUnreadMessages: filter.withUnreadMessages ? ('true' as const) : undefined,
  };
}

export function useTicketsInfinite(filter: TicketListFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: queryKeys.ticketsList(filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => call(R.list, { query: ticketsQuery(filter, pageParam), signal }),
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
    enabled,
    // Lists are kept live by events; a list opened again still reloads what it may have missed.
    staleTime: 0,
  });
}

export function useTicket(id: number | null) {
  return useQuery({
    queryKey: queryKeys.ticket(id ?? 0),
    queryFn: ({ signal }) => call(R.show, { params: { id: id! }, signal }),
    enabled: id != null,
    retry: false,
  });
}

/**
 * The body of PUT /tickets/:id (the route reads the action of spec §4 from the fields present);
 * the web sends the fields flat, never nested under the reference client's `ticketData`.
 */
export type TicketUpdate = Omit<TicketUpdateBody, 'ticketData'>;

/** The open ticket's copy from an answer or an event, whichever is newer (they may cross). */
function newerTicket(shown: TicketDTO | undefined, incoming: TicketDTO): TicketDTO {
  if (!shown) return incoming;
  return Date.parse(incoming.updatedAt) < Date.parse(shown.updatedAt) ? shown : incoming;
}

/**
 * An event's copy carries no caller's `allowedActions`: the shown ones still hold while the
 * ticket's owner, sector and status are the same; otherwise the ticket is asked again for them.
 */
function showTicket(queryClient: QueryClient, ticket: TicketDTO): void {
  let stale = false;
  queryClient.setQueryData<TicketDTO>(queryKeys.ticket(ticket.id), (shown) => {
    const next = newerTicket(shown, ticket);
    if (next.allowedActions || !shown?.allowedActions) return next;
    if (next.status === shown.status && next.userId === shown.userId && next.queueId === shown.queueId)
      return { ...next, allowedActions: shown.allowedActions };
    stale = true;
    return next;
  });
  if (stale) void queryClient.invalidateQueries({ queryKey: queryKeys.ticket(ticket.id), exact: true });
}

export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: TicketUpdate }) => call(R.update, { params: { id }, body: data }),
    // The realtime update fixes the lists; the open ticket is refreshed at once for its buttons.
    onSuccess: (ticket) => showTicket(queryClient, ticket),
  });
}

export function useDeleteTicket() {
  return useMutation({ mutationFn: (id: number) => call(R.remove, { params: { id } }) });
}

/** Every cached tickets list; a list being read as the event arrives is read again after (liveQueries.ts). */
function eachList(queryClient: QueryClient, update: (data: TicketsData, filter: TicketListFilter) => TicketsData): void {
  updateLiveQueries<TicketsData>(queryClient, queryKeys.ticketsLists, (data, key) => update(data, filterOfKey(key)));
}

/**
 * The newest copy of each ticket the lists were given by an event, per cache (in updatedAt ms).
 * Two writes of one ticket may be announced out of order (the sector menu's choice, and the
 * auto-assignment right after it, announced from different paths): the older copy, arriving
 * second, would take the ticket out of the tab it is now in and put it back where it was.
 */
const newestCopies = new WeakMap<QueryClient, Map<number, number>>();
/** Tickets remembered per cache: enough for every ticket a session sees change in a while. */
const REMEMBERED_TICKETS = 5_000;

/** Whether an event's copy of the ticket is older than one the lists already have; else remembers it. */
function isOlderCopy(queryClient: QueryClient, ticket: TicketDTO): boolean {
  let newest = newestCopies.get(queryClient);
  if (!newest) newestCopies.set(queryClient, (newest = new Map<number, number>()));
  const at = Date.parse(ticket.updatedAt);
  const known = newest.get(ticket.id);
  if (known !== undefined && at < known) return true;
  newest.delete(ticket.id);
  newest.set(ticket.id, at);
  if (newest.size > REMEMBERED_TICKETS) newest.delete(newest.keys().next().value!);
  return false;
}

/** Realtime `ticket` (spec §7): every tickets list, and the open ticket's header. */
export function applyTicketEvent(queryClient: QueryClient, event: TicketEvent, viewer: TicketViewerFacts): void {
  if (event.action === 'create' || event.action === 'update') {
    if (!isOlderCopy(queryClient, event.ticket)) eachList(queryClient, (d, f) => upsertTicket(d, event.ticket, f, viewer));
    showTicket(queryClient, event.ticket);
    return;
  }
  if (!('ticketId' in event)) return;
  const id = event.ticketId;
  if (event.action === 'updateUnread') {
    eachList(queryClient, (d, f) => clearUnread(d, id, f));
    queryClient.setQueryData<TicketDTO>(queryKeys.ticket(id), (t) => (t ? { ...t, unreadMessages: 0 } : t));
  } else {
    eachList(queryClient, (d) => removeTicket(d, id));
    queryClient.removeQueries({ queryKey: queryKeys.ticket(id) });
    removeMessagesOfTicket(queryClient, id);
  }
}

/** Realtime `appMessage`: a new message raises its ticket to the top with its unread count. */
export function applyAppMessageEvent(queryClient: QueryClient, event: AppMessageEvent, viewer: TicketViewerFacts): void {
  upsertMessage(queryClient, event.message);
  if (!event.ticket) return;
  const raise = event.action === 'create';
  if (!isOlderCopy(queryClient, event.ticket)) eachList(queryClient, (d, f) => upsertTicket(d, event.ticket, f, viewer, raise));
  showTicket(queryClient, event.ticket);
}

/** Realtime `contact` update: the contact's name/picture/tags on its tickets. */
export function applyContactToTickets(queryClient: QueryClient, contact: { id: number } & Partial<TicketDTO['contact']>): void {
  eachList(queryClient, (d) => updateContact(d, contact));
  for (const [key, ticket] of queryClient.getQueriesData<TicketDTO>({ queryKey: ['tickets', 'detail'] })) {
    if (ticket?.contactId === contact.id) queryClient.setQueryData(key, { ...ticket, contact: { ...ticket.contact, ...contact } });
  }
}
