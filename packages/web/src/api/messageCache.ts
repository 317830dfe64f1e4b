/**
 * The open chat's messages in the react-query cache. GET /messages/:ticketId pages run newest page
 * first, each page oldest→newest; the chat shows them oldest→newest, each id once (offset paging
 * repeats a message on the next page when new ones arrived in between).
 */
import type { MessageDTO, MessagesPage } from '@switchboard/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';

/** A cached page needs only its messages and paging (a message event can add to any of them). */
type CachedPage = Pick<MessagesPage, 'messages' | 'hasMore' | 'count'>;
export type { CachedPage as MessagesPage };

export type MessagesData = InfiniteData<CachedPage> | undefined;

/**
 * The chat in reading order, plus how many of its messages are older than the newest page: the
 * list keeps its scroll position by shifting its first index by exactly that many.
 */
export function chatMessages(data: MessagesData): { messages: MessageDTO[]; olderCount: number } {
  if (!data) return { messages: [], olderCount: 0 };
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
  return { messages, olderCount: messages.length - newestPageSize };
}

/** A created message goes last on the newest page; an updated one (ack, delete) is replaced. */
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
  return { ...data, pages: [{ ...first, messages: [...first.messages, message], count: first.count + 1 }, ...rest] };
}

export function upsertMessage(queryClient: QueryClient, message: MessageDTO): void {
  queryClient.setQueryData<MessagesData>(queryKeys.messages(message.ticketId), (d) => upsertMessageInPages(d, message));
}

export function removeMessagesOfTicket(queryClient: QueryClient, ticketId: number): void {
  queryClient.removeQueries({ queryKey: queryKeys.messages(ticketId) });
}
