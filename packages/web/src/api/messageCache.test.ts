import type { MessageDTO } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import { LiveMessages, chatMessages, upsertMessageInPages, type MessagesData } from './messageCache';

const msg = (id: string, over: Partial<MessageDTO> = {}) => ({ id, ack: 0, ...over }) as MessageDTO;
const data = (...pages: string[][]): MessagesData => ({
  pageParams: pages.map((_, i) => i + 1),
  pages: pages.map((p) => ({ messages: p.map((id) => msg(id)), hasMore: true, count: 0 })),
});

describe('chat messages', () => {
  it('reads oldest → newest across pages, each id once, and counts the older ones', () => {
    // Page 1 is the newest; page 2 repeats 'c' because a message arrived between the two loads.
    const { messages, olderCount } = chatMessages(data(['c', 'd', 'e'], ['a', 'b', 'c']));
    expect(messages.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(olderCount).toBe(2);
  });

  it('appends a created message and replaces an updated one', () => {
    let d = upsertMessageInPages(data(['c', 'd'], ['a', 'b']), msg('e'));
    d = upsertMessageInPages(d, msg('a', { ack: 3 }));
    expect(chatMessages(d).messages.map((m) => `${m.id}${m.ack}`)).toEqual(['a3', 'b0', 'c0', 'd0', 'e0']);
  });

  it('places a message that arrives after a newer one where the server orders it', () => {
    const at = (id: string, second: number) => msg(id, { createdAt: `2026-01-01T10:00:0${second}.000Z` });
    let d: MessagesData = { pageParams: [1], pages: [{ messages: [at('a', 1), at('c', 3)], hasMore: false, count: 2 }] };
    d = upsertMessageInPages(d, at('b', 2));
    d = upsertMessageInPages(d, at('d', 3));
    expect(chatMessages(d).messages.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps the newer copy when an older one arrives later (POST answer after the ack updates)', () => {
    const sent = (ack: number, at: string) => msg('a', { ack, updatedAt: at });
    let d = upsertMessageInPages(data(['a']), sent(2, '2026-01-01T10:00:01.000Z'));
    d = upsertMessageInPages(d, sent(0, '2026-01-01T10:00:00.000Z'));
    expect(chatMessages(d).messages[0].ack).toBe(2);
    d = upsertMessageInPages(d, sent(3, '2026-01-01T10:00:05.000Z'));
    expect(chatMessages(d).messages[0].ack).toBe(3);
  });

  it('keeps a message that arrived live while a refetch was under way (the refetch answered without it)', () => {
    const live = new LiveMessages();
    const inChat = (id: string) => msg(id, { ticketId: 7 });
    live.record(inChat('a'));
    live.fetchBegins(7); // e.g. the socket reconnected: the chat is read again
    live.record(inChat('c')); // arrives while the request is under way; the server read before it
    live.record({ ...inChat('x'), ticketId: 8 }); // another chat's message stays out
    const fetched: MessagesData = { pageParams: [1], pages: [{ messages: [inChat('a'), inChat('b')], hasMore: false, count: 2 }] };
    expect(chatMessages(live.applyTo(7, fetched)).messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    // A later fetch that already has it shows it once.
    live.fetchBegins(7);
    const again: MessagesData = {
      pageParams: [1],
      pages: [{ messages: [inChat('a'), inChat('b'), inChat('c')], hasMore: false, count: 3 }],
    };
    expect(chatMessages(live.applyTo(7, again)).messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });
});
