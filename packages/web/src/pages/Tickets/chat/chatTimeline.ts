/**
 * The chat's timeline: the messages with the ticket's story woven in by time. An event goes before
 * the first message written at or after it (the bot's step before the menu it sent). Events older
 * than the oldest loaded message wait until that page is loaded, so loading older pages only ever
 * prepends, and `olderCount` (items before the newest page) keeps the list's place.
 */
import type { MessageDTO, TicketEventDTO } from '@switchboard/shared';

export type TimelineItem = { kind: 'message'; key: string; message: MessageDTO } | { kind: 'event'; key: string; event: TicketEventDTO };

export function weaveTimeline(
  messages: MessageDTO[],
  olderCount: number,
  story: TicketEventDTO[],
  /** The conversation's start is loaded: every event can show. */
  complete: boolean,
): { items: TimelineItem[]; olderCount: number } {
  const oldest = messages.length ? Date.parse(messages[0].createdAt) : -Infinity;
  const events = story.filter((e) => complete || Date.parse(e.at) >= oldest);
  const items: TimelineItem[] = [];
  let next = 0;
  let newestPageStart = -1;
  messages.forEach((message, i) => {
    const at = Date.parse(message.createdAt);
    while (next < events.length && Date.parse(events[next].at) <= at) {
      items.push({ kind: 'event', key: `event-${events[next].id}`, event: events[next] });
      next++;
    }
    if (i === olderCount) newestPageStart = items.length;
    items.push({ kind: 'message', key: message.id, message });
  });
  for (; next < events.length; next++) items.push({ kind: 'event', key: `event-${events[next].id}`, event: events[next] });
  return { items, olderCount: newestPageStart < 0 ? (messages.length ? items.length : 0) : newestPageStart };
}
