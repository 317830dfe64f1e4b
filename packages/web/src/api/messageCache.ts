/**
 * The open chat's messages in the react-query cache. GET /messages/:ticketId pages run newest page
 * first, each page oldest→newest; the chat shows them oldest→newest, each id once (a refetched
 * newest page may hold a message a live event also added).
 */
import type { MessageDTO, MessagesPage, TicketBoundaryDTO } from '@switchboard/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';

/**
 * A cached page needs only its messages and paging (a message event can add to any of them); the
 * fetched pages also name the tickets their messages belong to (the chat's separators).
 */
type CachedPage = Pick<MessagesPage, 'messages' | 'hasMore' | 'count'> & Partial<Pick<MessagesPage, 'tickets' | 'nextCursor'>>;
export type { CachedPage as MessagesPage };

export type MessagesData = InfiniteData<CachedPage> | undefined;

/**
 * The chat in reading order, plus how many of its messages are older than the newest page: the
 * list keeps its scroll position by shifting its first index by exactly that many.
 */
export function chatMessages(data: MessagesData): { messages: MessageDTO[]; olderCount: number; tickets: Map<number, TicketBoundaryDTO> } {
  const tickets = new Map<number, TicketBoundaryDTO>();
  if (!data) return { messages: [], olderCount: 0, tickets };
  for (const page of data.pages) for (const boundary of page.tickets ?? []) tickets.set(boundary.id, boundary);
  const seen = new Set<string>();
  const newestFirst: MessageDTO[] = [];
  let newestPageSize = 0;
  data.pages.forEach((page, index) => {
    for (let i = page.messages.length - 1; i >= 0; i--) {
      const m = page.messages[i];
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      newestFirst.push(m);
      if (index === 0) newestPageSize++;
    }
  });
  const messages = newestFirst.reverse();
  return { messages, olderCount: messages.length - newestPageSize, tickets };
}

/**
 * A message's copies arrive by two roads (the POST answer and realtime updates) in any order; a
 * stale copy (older update time, or the same time with a lower ack) never replaces a newer one.
 */
function newerOf(current: MessageDTO, incoming: MessageDTO): MessageDTO {
  const c = Date.parse(current.updatedAt);
  const i = Date.parse(incoming.updatedAt);
  if (Number.isFinite(i) && Number.isFinite(c) && i !== c) return i > c ? incoming : current;
  return incoming.ack >= current.ack ? incoming : current;
}

/** A created message goes on the newest page in creation order; an updated one (ack, delete) is replaced. */
export function upsertMessageInPages(data: MessagesData, message: MessageDTO): MessagesData {
  if (!data || data.pages.length === 0) return data;
  const present = data.pages.some((p) => p.messages.some((m) => m.id === message.id));
  if (present) {
    return {
      ...data,
      pages: data.pages.map((p) => ({ ...p, messages: p.messages.map((m) => (m.id === message.id ? newerOf(m, message) : m)) })),
    };
  }
  const [first, ...rest] = data.pages;
  const messages = [...first.messages];
  messages.splice(placeOf(messages, message), 0, message);
  return { ...data, pages: [{ ...first, messages, count: first.count + 1 }, ...rest] };
}

/**
 * Where a new message goes on the newest page: after every message created no later than it, as
 * the server orders the chat. Events of one chat can arrive out of that order (sent by different
 * server processes, or a message re-announced to those who just got the ticket); the chat shows
 * them where a reload would, not in arrival order.
 */
function placeOf(page: MessageDTO[], message: MessageDTO): number {
  const at = Date.parse(message.createdAt);
  let i = page.length;
  if (!Number.isFinite(at)) return i;
  while (i > 0 && Date.parse(page[i - 1].createdAt) > at) i -= 1;
  return i;
}

export function upsertMessage(queryClient: QueryClient, message: MessageDTO): void {
  liveMessages.record(message);
  queryClient.setQueryData<MessagesData>(queryKeys.messages(message.ticketId), (d) => upsertMessageInPages(d, message));
}

/**
 * A refetch (after the socket reconnects, or when the chat opens again) replaces the cached chat
 * with what the server read when it answered; a message that arrived live while the request was
 * under way was written into the data being replaced, and would vanish from the chat until the
 * next reload. So the messages that arrived live are remembered per chat, and every fetched result
 * gets those that arrived since its fetch began applied on top (an upsert: applying one again
 * changes nothing).
 */
export class LiveMessages {
  private seq = 0;
  private readonly byTicket = new Map<number, { seq: number; message: MessageDTO }[]>();
  /** Where the newest fetch of each chat began (in arrival order). */
  private readonly fetchStart = new Map<number, number>();

  constructor(private readonly keep = 500) {}

  record(message: MessageDTO): void {
    const list = this.byTicket.get(message.ticketId) ?? [];
    list.push({ seq: ++this.seq, message });
    if (list.length > this.keep) list.splice(0, list.length - this.keep);
    this.byTicket.set(message.ticketId, list);
  }

  /** A fetch of the chat's newest page begins: what arrives from now on is applied to its result. */
  fetchBegins(ticketId: number): void {
    this.fetchStart.set(ticketId, this.seq);
  }

  /** The fetched chat with the messages that arrived during the fetch applied on top. */
  applyTo(ticketId: number, data: MessagesData): MessagesData {
    const since = this.fetchStart.get(ticketId) ?? this.seq;
    const arrived = (this.byTicket.get(ticketId) ?? []).filter((e) => e.seq > since);
    return arrived.reduce((d, e) => upsertMessageInPages(d, e.message), data);
  }
}

export const liveMessages = new LiveMessages();

export function removeMessagesOfTicket(queryClient: QueryClient, ticketId: number): void {
  queryClient.removeQueries({ queryKey: queryKeys.messages(ticketId) });
}
