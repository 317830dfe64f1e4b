/**
 * The ticket's story (GET /tickets/:id/events and the `ticketEvent` realtime event): every
 * lifecycle action is told once, with who did it, to whom and why, to those who may see the ticket.
 */
import { EVENTS } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { queues, ratings, tickets, whatsapps } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { customerWrites, phoneNumber } from '../../test/simulator.js';

describe('ticket story', () => {
  let s: TestServer;
  let connId: number;
  let sales: number;
  let support: number;
  let alice: { id: number; token: string; name: string };
  let bob: { id: number; token: string; name: string };
  let carol: { id: number; token: string; name: string };

  const api = (token: string, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    s.app.inject({ method, url, headers: bearer(token), payload: payload as never });
  /** A customer writes; the ticket waits in Sales. */
  const waitingInSales = async (name: string) => {
    const r = await customerWrites(s, connId, phoneNumber(), 'hello', name);
    await s.database.db.update(tickets).set({ queueId: sales }).where(eq(tickets.id, r!.ticket.id));
    return r!.ticket.id;
  };
  const story = async (token: string, id: number) => {
    const res = await api(token, 'GET', `/api/tickets/${id}/events`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<
      {
        kind: string;
        actor: { name: string } | null;
        fromUser: { name: string } | null;
        toUser: { name: string } | null;
        fromQueue: { name: string } | null;
        toQueue: { name: string } | null;
        reason: string;
      }[]
    >();
  };

  beforeAll(async () => {
    s = await createTestServer();
    [{ id: connId }] = await s.database.db.insert(whatsapps).values({ name: 'Main', channel: 'simulator', isDefault: true }).returning();
    [{ id: sales }] = await s.database.db.insert(queues).values({ name: 'Sales', color: '#00aa00' }).returning();
    [{ id: support }] = await s.database.db.insert(queues).values({ name: 'Support', color: '#0000aa' }).returning();
    alice = { ...(await s.createUser({ queueIds: [sales], name: 'Alice' })), name: 'Alice' };
    bob = { ...(await s.createUser({ queueIds: [sales, support], name: 'Bob' })), name: 'Bob' };
    carol = { ...(await s.createUser({ queueIds: [support], name: 'Carol' })), name: 'Carol' };
  });
  afterAll(() => s.stop());

  it('tells accept, transfer with its reason, return, resolve and reopen, in order, announced live', async () => {
    const id = await waitingInSales('Carla');
    const emit = vi.spyOn(s.ctx.realtime, 'emit');

    expect((await api(alice.token, 'PUT', `/api/tickets/${id}`, { status: 'open' })).statusCode).toBe(200);
    const moved = await api(alice.token, 'PUT', `/api/tickets/${id}`, {
      transf: true,
      userId: bob.id,
      queueId: support,
      reason: 'Billing question',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await api(bob.token, 'PUT', `/api/tickets/${id}`, { status: 'pending' })).statusCode).toBe(200);
    expect((await api(bob.token, 'PUT', `/api/tickets/${id}`, { status: 'open' })).statusCode).toBe(200);
    expect((await api(bob.token, 'PUT', `/api/tickets/${id}`, { status: 'closed' })).statusCode).toBe(200);
    expect((await api(bob.token, 'PUT', `/api/tickets/${id}`, { status: 'open' })).statusCode).toBe(200);

    const told = await story(bob.token, id);
    expect(told.map((e) => e.kind)).toEqual(['accepted', 'transferred', 'returned', 'accepted', 'resolved', 'reopened']);
    expect(told[0]).toMatchObject({ actor: { name: 'Alice' }, toUser: { name: 'Alice' }, toQueue: null });
    expect(told[1]).toMatchObject({
      actor: { name: 'Alice' },
      fromUser: { name: 'Alice' },
      toUser: { name: 'Bob' },
      fromQueue: { name: 'Sales' },
      toQueue: { name: 'Support' },
      reason: 'Billing question',
    });
    expect(told[2]).toMatchObject({ actor: { name: 'Bob' }, fromUser: { name: 'Bob' }, toQueue: { name: 'Support' } });
    expect(told[4]).toMatchObject({ kind: 'resolved', actor: { name: 'Bob' } });

    // Each event went out live, once, to the rooms of those who may see the ticket.
    const live = emit.mock.calls
      .filter(([, event]) => event === EVENTS.ticketEvent)
      .map(([, , payload]) => (payload as { event: { kind: string } }).event.kind);
    expect(live).toEqual(['accepted', 'transferred', 'returned', 'accepted', 'resolved', 'reopened']);
    emit.mockRestore();
  });

  it('a refused action tells nothing; a user who may not see the ticket cannot read its story', async () => {
    const id = await waitingInSales('Dora');
    expect((await api(alice.token, 'PUT', `/api/tickets/${id}`, { status: 'open' })).statusCode).toBe(200);
    // Reopening an open ticket is refused: no event is written.
    expect((await api(alice.token, 'PUT', `/api/tickets/${id}`, { status: 'open' })).statusCode).toBe(400);
    expect((await story(alice.token, id)).map((e) => e.kind)).toEqual(['accepted']);
    // Carol (Support only) may not see Alice's Sales ticket.
    expect((await api(carol.token, 'GET', `/api/tickets/${id}/events`)).statusCode).toBe(404);
    expect((await api(alice.token, 'GET', `/api/tickets/999999/events`)).statusCode).toBe(404);
    expect((await api(alice.token, 'GET', `/api/tickets/abc/events`)).statusCode).toBe(400);
  });

  it('a transfer reason longer than the limit is refused and changes nothing', async () => {
    const id = await waitingInSales('Eva');
    expect((await api(alice.token, 'PUT', `/api/tickets/${id}`, { status: 'open' })).statusCode).toBe(200);
    const res = await api(alice.token, 'PUT', `/api/tickets/${id}`, { transf: true, userId: bob.id, reason: 'x'.repeat(301) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('ERR_VALIDATION');
    expect((await story(alice.token, id)).map((e) => e.kind)).toEqual(['accepted']);
  });

  it('the contact panel lists earlier tickets with their outcome and rating, the notes count and the channels', async () => {
    const number = phoneNumber();
    const first = await customerWrites(s, connId, number, 'first visit', 'Fabi');
    await s.database.db.update(tickets).set({ queueId: sales }).where(eq(tickets.id, first!.ticket.id));
    expect((await api(alice.token, 'PUT', `/api/tickets/${first!.ticket.id}`, { status: 'open' })).statusCode).toBe(200);
    expect((await api(alice.token, 'PUT', `/api/tickets/${first!.ticket.id}`, { status: 'closed' })).statusCode).toBe(200);
    await s.database.db.insert(ratings).values({ ticketId: first!.ticket.id, userId: alice.id, rate: 8 });
    // Long ago, so the customer's return opens a new ticket.
    await s.database.db
      .update(tickets)
      .set({ updatedAt: new Date(Date.now() - 90 * 86_400_000) })
      .where(eq(tickets.id, first!.ticket.id));
    const again = await customerWrites(s, connId, number, 'back again', 'Fabi');
    expect(again!.ticket.id).not.toBe(first!.ticket.id);
    await s.database.db.update(tickets).set({ queueId: sales }).where(eq(tickets.id, again!.ticket.id));
    expect((await api(bob.token, 'PUT', `/api/tickets/${again!.ticket.id}`, { status: 'open' })).statusCode).toBe(200);
    const note = await s.app.inject({
      method: 'POST',
      url: `/api/tickets/${again!.ticket.id}/notes`,
      headers: bearer(bob.token),
      payload: { body: 'VIP customer' },
    });
    expect(note.statusCode, note.body).toBe(201);

    const res = await api(bob.token, 'GET', `/api/tickets/${again!.ticket.id}/contact-panel`);
    expect(res.statusCode, res.body).toBe(200);
    const panel = res.json();
    expect(panel.tickets.map((t: { id: number }) => t.id)).toEqual([again!.ticket.id, first!.ticket.id]);
    expect(panel.tickets[0]).toMatchObject({ status: 'open', outcome: null, user: { name: 'Bob' }, queue: { name: 'Sales' } });
    expect(panel.tickets[1]).toMatchObject({ status: 'closed', outcome: 'resolved', user: { name: 'Alice' }, rate: 8 });
    expect(panel.ratings).toEqual([
      expect.objectContaining({ ticketId: first!.ticket.id, rate: 8, user: { id: alice.id, name: 'Alice' } }),
    ]);
    expect(panel.notesCount).toBe(1);
    expect(panel.channels).toEqual([expect.objectContaining({ id: connId, name: 'Main', channel: 'simulator' })]);

    // Someone who may not read the ticket learns nothing about the person.
    expect((await api(carol.token, 'GET', `/api/tickets/${again!.ticket.id}/contact-panel`)).statusCode).toBe(404);
  });
});
