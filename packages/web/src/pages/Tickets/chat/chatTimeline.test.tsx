import type { TicketEventDTO } from '@switchboard/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { messageFixture } from '../../../test/fixtures';
import { weaveTimeline } from './chatTimeline';
import { storyText, TimelineEvent } from './TimelineEvent';

const event = (id: number, at: string, overrides: Partial<TicketEventDTO> = {}): TicketEventDTO => ({
  id,
  ticketId: 1,
  kind: 'accepted',
  at,
  actor: { id: 7, name: 'Ana' },
  fromUser: null,
  toUser: { id: 7, name: 'Ana' },
  fromQueue: null,
  toQueue: null,
  reason: '',
  rate: null,
  ...overrides,
});
const msg = (id: string, at: string) => messageFixture({ id, createdAt: at, updatedAt: at });

describe('weaveTimeline', () => {
  const messages = [msg('a', '2026-01-01T10:00:00Z'), msg('b', '2026-01-01T10:05:00Z'), msg('c', '2026-01-01T10:10:00Z')];

  it('puts each event before the first message written at or after it, and the rest at the end', () => {
    const story = [event(1, '2026-01-01T10:05:00Z'), event(2, '2026-01-01T10:07:00Z'), event(3, '2026-01-01T10:20:00Z')];
    const { items } = weaveTimeline(messages, 0, story, true);
    expect(items.map((i) => i.key)).toEqual(['a', 'event-1', 'b', 'event-2', 'c', 'event-3']);
  });

  it('holds back events older than the oldest loaded message until that page loads, counting them as older', () => {
    const story = [event(1, '2026-01-01T09:00:00Z'), event(2, '2026-01-01T10:07:00Z')];
    expect(weaveTimeline(messages, 1, story, false)).toEqual({
      items: [
        expect.objectContaining({ key: 'a' }),
        expect.objectContaining({ key: 'b' }),
        expect.objectContaining({ key: 'event-2' }),
        expect.objectContaining({ key: 'c' }),
      ],
      olderCount: 1,
    });
    // The conversation's start is loaded: the early event shows, before the newest page's first message.
    const all = weaveTimeline(messages, 1, story, true);
    expect(all.items.map((i) => i.key)).toEqual(['event-1', 'a', 'b', 'event-2', 'c']);
    expect(all.olderCount).toBe(2);
  });

  it('a chat with only events still shows them', () => {
    expect(weaveTimeline([], 0, [event(1, '2026-01-01T09:00:00Z')], true).items).toHaveLength(1);
  });
});

describe('TimelineEvent', () => {
  afterEach(cleanup);

  it.each([
    ['en', 'Ana transferred the ticket from Ana · Sales to Bruno · Billing', 'Reason: Invoice question'],
    ['pt', 'Ana transferiu o atendimento de Ana · Sales para Bruno · Billing', 'Motivo: Invoice question'],
    ['es', 'Ana transfirió la atención de Ana · Sales a Bruno · Billing', 'Motivo: Invoice question'],
  ])('tells a transfer and its reason in %s', async (language, sentence, reason) => {
    await i18n.changeLanguage(language);
    render(
      <TimelineEvent
        event={event(1, '2026-01-01T10:00:00Z', {
          kind: 'transferred',
          fromUser: { id: 7, name: 'Ana' },
          toUser: { id: 8, name: 'Bruno' },
          fromQueue: { id: 1, name: 'Sales' },
          toQueue: { id: 2, name: 'Billing' },
          reason: 'Invoice question',
        })}
      />,
    );
    expect(screen.getByTestId('timeline-event').textContent).toContain(sentence);
    expect(screen.getByTestId('timeline-event-reason').textContent).toBe(reason);
  });

  it('every kind has its own sentence in every language (no key shows through)', async () => {
    const kinds: TicketEventDTO['kind'][] = [
      'accepted',
      'auto-assigned',
      'transferred',
      'returned',
      'resolved',
      'finished',
      'reopened',
      'closed-inactive',
      'closed-api',
      'rated',
      'bot-menu',
      'bot-sector',
      'directed',
    ];
    for (const language of ['pt', 'en', 'es']) {
      await i18n.changeLanguage(language);
      const texts = kinds.map((kind) =>
        storyText(i18n.t, event(1, '2026-01-01T10:00:00Z', { kind, rate: 9, toQueue: { id: 2, name: 'Billing' } })),
      );
      for (const text of texts) expect(text).not.toMatch(/tickets\.story|\{\{/);
      expect(new Set(texts).size).toBe(kinds.length);
    }
    await i18n.changeLanguage('en');
  });
});
