import type { TicketDTO } from '@switchboard/shared';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './queryKeys';
import type { TicketListFilter, TicketsPage } from './ticketListCache';
import { applyAppMessageEvent, applyTicketEvent } from './tickets';

function ticket(id: number, over: Partial<TicketDTO> = {}): TicketDTO {
  return {
    id,
    status: 'pending',
    userId: null,
    queueId: 1,
    contactId: 100 + id,
    whatsappId: 1,
    lastMessage: `m${id}`,
    lastMessageAt: '2024-05-01T10:00:00.000Z',
    lastMessageFromMe: false,
    unreadMessages: 0,
    isGroup: false,
    chatbot: false,
    isTransfer: false,
    protocol: '',
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    contact: { id: 100 + id, name: `C${id}`, number: '55', profilePicUrl: '', isGroup: false, tags: [] },
    queue: { id: 1, name: 'Sales', color: '#f00' },
    whatsapp: { id: 1, name: 'Main' },
    user: null,
    ...over,
  };
}

const ME = { id: 7, queueIds: [1, 2] };
const PENDING: TicketListFilter = { status: 'pending', queueIds: [1, 2], isGroup: 'false' };
const OPEN: TicketListFilter = { status: 'open', queueIds: [1, 2], isGroup: 'false' };

function client(lists: [TicketListFilter, TicketDTO[][]][], capped = false) {
  const qc = new QueryClient();
  for (const [filter, pages] of lists) {
    const total = capped ? 10_000 : pages.flat().length;
    const data: InfiniteData<TicketsPage> = {
      pageParams: pages.map((_, i) => (i === 0 ? undefined : `cursor${i}`)),
      pages: pages.map((tickets, i) => ({
        tickets,
        hasMore: i < pages.length - 1,
        count: total,
        countCapped: capped,
        nextCursor: i < pages.length - 1 ? `cursor${i + 1}` : null,
      })),
    };
    qc.setQueryData(queryKeys.ticketsList(filter), data);
  }
  return qc;
}

const list = (qc: QueryClient, filter: TicketListFilter) => qc.getQueryData<InfiniteData<TicketsPage>>(queryKeys.ticketsList(filter))!;
const ids = (qc: QueryClient, filter: TicketListFilter) => list(qc, filter).pages.map((p) => p.tickets.map((t) => t.id));
const count = (qc: QueryClient, filter: TicketListFilter) => list(qc, filter).pages[0].count;

describe('tickets lists under realtime ticket events', () => {
  it('the open ticket keeps its newest copy when an older one arrives later', () => {
    const qc = client([[OPEN, [[]]]]);
    const newer = ticket(5, { status: 'open', userId: 7, updatedAt: '2024-05-01T10:00:05.000Z' });
    const older = ticket(5, { status: 'pending', updatedAt: '2024-05-01T10:00:01.000Z' });
    applyTicketEvent(qc, { action: 'update', ticket: newer }, ME);
    applyTicketEvent(qc, { action: 'update', ticket: older }, ME);
    expect(qc.getQueryData<TicketDTO>(queryKeys.ticket(5))?.status).toBe('open');
  });

  it('an older copy arriving after a newer one moves the ticket in no list (assigned, then the menu choice announced late)', () => {
    const qc = client([
      [PENDING, [[ticket(1)]]],
      [OPEN, [[]]],
    ]);
    const assigned = ticket(5, { status: 'open', userId: 7, updatedAt: '2024-05-01T10:00:05.000Z' });
    const chosen = ticket(5, { status: 'pending', updatedAt: '2024-05-01T10:00:01.000Z' });
    applyTicketEvent(qc, { action: 'update', ticket: assigned }, ME);
    applyTicketEvent(qc, { action: 'update', ticket: chosen }, ME);
    applyAppMessageEvent(
      qc,
      { action: 'create', message: { id: 'old', ticketId: 5 } as never, ticket: chosen, contact: chosen.contact },
      ME,
    );
    expect(ids(qc, OPEN)).toEqual([[5]]);
    expect(ids(qc, PENDING)).toEqual([[1]]);
    // A copy as new as the one shown (the same write announced twice) still applies.
    applyTicketEvent(qc, { action: 'update', ticket: { ...assigned, lastMessage: 'again' } }, ME);
    expect(list(qc, OPEN).pages[0].tickets[0].lastMessage).toBe('again');
  });

  it('create adds a matching ticket first and counts it; other tabs ignore it', () => {
    const qc = client([
      [PENDING, [[ticket(1), ticket(2)]]],
      [OPEN, [[]]],
    ]);
    applyTicketEvent(qc, { action: 'create', ticket: ticket(9) }, ME);
    expect(ids(qc, PENDING)).toEqual([[9, 1, 2]]);
    expect(count(qc, PENDING)).toBe(3);
    expect(ids(qc, OPEN)).toEqual([[]]);
  });

  it('a capped count stays a lower bound as tickets come and go', () => {
    const qc = client([[PENDING, [[ticket(1), ticket(2)]]]], true);
    applyTicketEvent(qc, { action: 'create', ticket: ticket(9) }, ME);
    expect(count(qc, PENDING)).toBe(10_000);
    applyTicketEvent(qc, { action: 'delete', ticketId: 1 }, ME);
    applyTicketEvent(qc, { action: 'delete', ticketId: 2 }, ME);
    expect(ids(qc, PENDING)).toEqual([[9]]);
    expect(count(qc, PENDING)).toBe(10_000);
    expect(list(qc, PENDING).pages[0].countCapped).toBe(true);
  });

  it('update replaces in place without duplicates across pages', () => {
    const qc = client([[PENDING, [[ticket(1), ticket(2)], [ticket(3)]]]]);
    applyTicketEvent(qc, { action: 'update', ticket: ticket(3, { lastMessage: 'new' }) }, ME);
    expect(ids(qc, PENDING)).toEqual([[1, 2], [3]]);
    expect(list(qc, PENDING).pages[1].tickets[0].lastMessage).toBe('new');
    expect(count(qc, PENDING)).toBe(3);
  });

  it('update that changes the status moves the ticket between tabs (accept: pending → open)', () => {
    const qc = client([
      [PENDING, [[ticket(1), ticket(2)]]],
      [OPEN, [[ticket(5, { status: 'open', userId: 7 })]]],
    ]);
    applyTicketEvent(qc, { action: 'update', ticket: ticket(2, { status: 'open', userId: 7 }) }, ME);
    expect(ids(qc, PENDING)).toEqual([[1]]);
    expect(count(qc, PENDING)).toBe(1);
    expect(ids(qc, OPEN)).toEqual([[2, 5]]);
    expect(count(qc, OPEN)).toBe(2);
  });

  it('removes a ticket moved to a sector that is not selected', () => {
    const qc = client([[PENDING, [[ticket(1), ticket(2)]]]]);
    applyTicketEvent(qc, { action: 'update', ticket: ticket(2, { queueId: 3, queue: { id: 3, name: 'X', color: '#000' } }) }, ME);
    expect(ids(qc, PENDING)).toEqual([[1]]);
  });

  it("without show-all an open ticket of another attendant leaves an admin's list; with show-all it stays", () => {
    const admin = { ...ME, profile: 'admin' };
    const showAll = { ...OPEN, showAll: true };
    const qc = client([
      [OPEN, [[ticket(1, { status: 'open', userId: 7 })]]],
      [showAll, [[ticket(1, { status: 'open', userId: 7 })]]],
    ]);
    applyTicketEvent(qc, { action: 'update', ticket: ticket(1, { status: 'open', userId: 8 }) }, admin);
    expect(ids(qc, OPEN)).toEqual([[]]);
    expect(ids(qc, showAll)).toEqual([[1]]);
  });

  it('an admin without sectors keeps an unassigned ticket routed to any sector in Pending', () => {
    const admin = { id: 1, queueIds: [], profile: 'admin' };
    const pending: TicketListFilter = { status: 'pending', isGroup: 'false' };
    const qc = client([[pending, [[ticket(1, { queueId: null })]]]]);
    applyTicketEvent(qc, { action: 'update', ticket: ticket(1, { queueId: 2 }) }, admin);
    expect(ids(qc, pending)).toEqual([[1]]);
  });

  it('a sectorless ticket assigned to someone else is not in an allTicket user’s list (as on the server)', () => {
    const viewer = { ...ME, allTicket: true, sectorlessForAll: true };
    const open: TicketListFilter = { status: 'open', isGroup: 'false' };
    const qc = client([[open, [[]]]]);
    applyTicketEvent(qc, { action: 'update', ticket: ticket(1, { status: 'open', queueId: null, userId: 8 }) }, viewer);
    expect(ids(qc, open)).toEqual([[]]);
  });

  it('a search list refreshes what it shows but never adds', () => {
    const search: TicketListFilter = { searchParam: 'carla', queueIds: [1, 2] };
    const qc = client([[search, [[ticket(1)]]]]);
    applyTicketEvent(qc, { action: 'create', ticket: ticket(9) }, ME);
    applyTicketEvent(qc, { action: 'update', ticket: ticket(1, { lastMessage: 'x' }) }, ME);
    expect(ids(qc, search)).toEqual([[1]]);
    expect(list(qc, search).pages[0].tickets[0].lastMessage).toBe('x');
  });

  it('group tickets stay out of the people tabs and go to the groups list', () => {
    const groups: TicketListFilter = { isGroup: 'true', queueIds: [1, 2] };
    const qc = client([
      [PENDING, [[]]],
      [groups, [[]]],
    ]);
    applyTicketEvent(qc, { action: 'create', ticket: ticket(4, { isGroup: true }) }, ME);
    expect(ids(qc, PENDING)).toEqual([[]]);
    expect(ids(qc, groups)).toEqual([[4]]);
  });

  it('updateUnread zeroes the count, and drops the ticket from unread-only lists', () => {
    const unread: TicketListFilter = { status: 'pending', withUnreadMessages: true };
    const qc = client([
      [PENDING, [[ticket(1, { unreadMessages: 3 })]]],
      [unread, [[ticket(1, { unreadMessages: 3 })]]],
    ]);
    qc.setQueryData(queryKeys.ticket(1), ticket(1, { unreadMessages: 3 }));
    applyTicketEvent(qc, { action: 'updateUnread', ticketId: 1 }, ME);
    expect(list(qc, PENDING).pages[0].tickets[0].unreadMessages).toBe(0);
    expect(ids(qc, unread)).toEqual([[]]);
    expect(qc.getQueryData<TicketDTO>(queryKeys.ticket(1))!.unreadMessages).toBe(0);
  });

  it("an event's copy of the open ticket keeps the caller's allowed actions while owner, sector and status hold; otherwise the ticket is asked again", () => {
    const qc = client([]);
    const later = '2024-05-01T10:05:00.000Z';
    qc.setQueryData(queryKeys.ticket(1), ticket(1, { status: 'open', userId: 9, allowedActions: ['read', 'note'] }));
    applyTicketEvent(qc, { action: 'update', ticket: ticket(1, { status: 'open', userId: 9, lastMessage: 'new', updatedAt: later }) }, ME);
    expect(qc.getQueryData<TicketDTO>(queryKeys.ticket(1))).toMatchObject({ lastMessage: 'new', allowedActions: ['read', 'note'] });
    expect(qc.getQueryState(queryKeys.ticket(1))!.isInvalidated).toBe(false);

    applyTicketEvent(
      qc,
      { action: 'update', ticket: ticket(1, { status: 'closed', userId: 9, updatedAt: '2024-05-01T10:06:00.000Z' }) },
      ME,
    );
    expect(qc.getQueryData<TicketDTO>(queryKeys.ticket(1))!.allowedActions).toBeUndefined();
    expect(qc.getQueryState(queryKeys.ticket(1))!.isInvalidated).toBe(true);
  });

  it('delete removes the ticket from every list and forgets its detail', () => {
    const qc = client([[PENDING, [[ticket(1), ticket(2)], [ticket(3)]]]]);
    qc.setQueryData(queryKeys.ticket(3), ticket(3));
    applyTicketEvent(qc, { action: 'delete', ticketId: 3 }, ME);
    expect(ids(qc, PENDING)).toEqual([[1, 2], []]);
    expect(count(qc, PENDING)).toBe(2);
    expect(qc.getQueryData(queryKeys.ticket(3))).toBeUndefined();
  });

  it('a new message raises its ticket to the top with its unread count', () => {
    const qc = client([[PENDING, [[ticket(1), ticket(2)], [ticket(3)]]]]);
    const message = { id: 'x', ticketId: 3, body: 'hi', fromMe: false } as never;
    const raised = ticket(3, { unreadMessages: 2, lastMessage: 'hi' });
    applyAppMessageEvent(qc, { action: 'create', message, ticket: raised, contact: raised.contact }, ME);
    expect(ids(qc, PENDING)).toEqual([[3, 1, 2], []]);
    expect(list(qc, PENDING).pages[0].tickets[0].unreadMessages).toBe(2);
    expect(count(qc, PENDING)).toBe(3);
  });

  it('a message update (ack) keeps the ticket where it is', () => {
    const qc = client([[PENDING, [[ticket(1), ticket(2)]]]]);
    const message = { id: 'x', ticketId: 2, body: 'hi', fromMe: true } as never;
    applyAppMessageEvent(qc, { action: 'update', message, ticket: ticket(2), contact: ticket(2).contact }, ME);
    expect(ids(qc, PENDING)).toEqual([[1, 2]]);
  });
});
