/**
 * Live tickets lists against reads that race with events: the list's answer is what the server
 * read when the request came in, and it may come back after events announced later changes.
 */
import type { TicketDTO } from '@switchboard/shared';
import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { readAllAgain } from './liveQueries';
import { queryKeys } from './queryKeys';
import type { TicketListFilter, TicketsPage } from './ticketListCache';
import { applyTicketEvent } from './tickets';

const ME = { id: 7, queueIds: [1] };
const PENDING: TicketListFilter = { status: 'pending', queueIds: [1], isGroup: 'false' };

function ticket(id: number): TicketDTO {
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
    unreadMessages: 1,
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
  };
}

/**
 * The server's pending tickets and the list reads made of them: each read takes what is stored
 * when it arrives and answers when the test lets it (`answer`), like a slow network or server.
 */
class Server {
  stored: TicketDTO[] = [];
  reads: { tickets: TicketDTO[]; answer: () => void }[] = [];
  made = 0;

  read = (): Promise<TicketsPage> => {
    this.made += 1;
    const tickets = [...this.stored].reverse();
    return new Promise((resolve) => {
      this.reads.push({
        tickets,
        answer: () => resolve({ tickets, hasMore: false, count: tickets.length, countCapped: false, nextCursor: null }),
      });
    });
  };

  /** A customer's new ticket: stored, then announced. */
  arrives(queryClient: QueryClient, id: number): void {
    const t = ticket(id);
    this.stored.push(t);
    applyTicketEvent(queryClient, { action: 'create', ticket: t }, ME);
  }

  /** Answers every read made so far, and waits for what follows from it. */
  async answerAll(): Promise<void> {
    for (let i = 0; i < 10; i++) {
      for (const r of this.reads.splice(0)) r.answer();
      await new Promise((r) => setTimeout(r, 0));
      if (this.reads.length === 0) return;
    }
  }
}

let unsubscribe: () => void = () => undefined;
afterEach(() => unsubscribe());

/** A shown Pending list (an observer, as the board's column is), read from `server`. */
function shownList(server: Server) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new InfiniteQueryObserver(queryClient, {
    queryKey: queryKeys.ticketsList(PENDING),
    queryFn: server.read,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: () => undefined,
    staleTime: 0,
  });
  unsubscribe = observer.subscribe(() => undefined);
  const shown = () =>
    (queryClient.getQueryData<InfiniteData<TicketsPage>>(queryKeys.ticketsList(PENDING))?.pages ?? []).flatMap((p) =>
      p.tickets.map((t) => t.id),
    );
  return { queryClient, shown };
}

describe('tickets lists under events that race with their reads', () => {
  it('tickets announced while the list is still loading are in it once it has loaded', async () => {
    const server = new Server();
    const { queryClient, shown } = shownList(server);
    expect(server.reads).toHaveLength(1);
    // The read was taken before these customers wrote; their events find nothing loaded yet.
    server.arrives(queryClient, 1);
    server.arrives(queryClient, 2);
    await server.answerAll();
    expect(shown()).toEqual([2, 1]);
  });

  it('a burst during a read again (after a reconnect) is not undone by its answer, for one more read', async () => {
    const server = new Server();
    const { queryClient, shown } = shownList(server);
    server.arrives(queryClient, 1);
    await server.answerAll();
    expect(shown()).toEqual([1]);
    const readsBefore = server.made;

    void queryClient.invalidateQueries({ queryKey: queryKeys.ticketsLists });
    for (let id = 2; id <= 21; id++) server.arrives(queryClient, id);
    expect(shown()).toHaveLength(21);
    // That read was taken before the burst: its answer alone would show one ticket.
    expect(server.reads.map((r) => r.tickets.length)).toEqual([1]);
    await server.answerAll();
    expect(shown()).toHaveLength(21);
    expect(shown().slice(0, 3)).toEqual([21, 20, 19]);
    // The whole burst cost one read more.
    expect(server.made - readsBefore).toBe(2);
  });

  it('once the socket connects, lists read before it listened are read again', async () => {
    const server = new Server();
    const { queryClient, shown } = shownList(server);
    await server.answerAll();
    // Stored and announced before the socket had joined its rooms: the browser never heard it.
    server.stored.push(ticket(1));
    expect(shown()).toEqual([]);
    readAllAgain(queryClient);
    await server.answerAll();
    expect(shown()).toEqual([1]);
  });

  it('a list still loading when the socket connects is read again after, not cancelled', async () => {
    const server = new Server();
    const { queryClient, shown } = shownList(server);
    server.stored.push(ticket(1));
    readAllAgain(queryClient);
    expect(server.reads).toHaveLength(1);
    await server.answerAll();
    expect(shown()).toEqual([1]);
    expect(queryClient.getQueryState(queryKeys.ticketsList(PENDING))?.fetchStatus).toBe('idle');
  });
});
