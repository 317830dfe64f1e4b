import type { MessageDTO } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import { chatMessages, upsertMessageInPages, type MessagesData } from './messageCache';

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
});
