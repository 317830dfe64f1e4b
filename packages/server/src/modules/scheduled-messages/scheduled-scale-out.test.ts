/**
 * Scheduled messages with two server processes on one database (PostgreSQL in CI): each send is
 * claimed in the transaction that queues it, so every due message is queued once even when both
 * processes run the job at the same moment with the lease bypassed, and a process started after
 * another stopped sends nothing again.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../context.js';
import { contacts, messages, scheduledMessages, tickets } from '../../db/schema.js';
import { bearer, createTestServer, openTestDatabase, type TestDatabase, type TestServer } from '../../test/harness.js';
import { connectSimulator, customerChat, customerSends, phoneNumber, waitFor } from '../../test/simulator.js';

const COUNT = 60;

describe('scheduled messages across two server processes', () => {
  let testDb: TestDatabase;
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close().catch(() => undefined);
    await testDb?.drop();
  });

  it(`queues each of ${COUNT} due messages once, with both processes running the job together`, async () => {
    testDb = await openTestDatabase();
    let t = new Date('2025-06-02T12:00:00Z').getTime();
    const clock = { now: () => new Date(t) } satisfies Clock;
    const a = await createTestServer({ database: testDb.database, clock });
    servers.push(a);
    await a.app.inject({ method: 'PUT', url: '/api/settings/timezone', headers: bearer(a.adminToken), payload: { value: 'UTC' } });
    const conn = await connectSimulator(a);
    const from = phoneNumber();
    await customerSends(a, { from, to: conn.number, body: 'Oi' });
    const ticket = await waitFor(async () => {
      const [row] = await a.database.db
        .select({ id: tickets.id })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(eq(contacts.number, from));
      return row;
    });
    await a.app.inject({ method: 'PUT', url: `/api/tickets/${ticket.id}`, headers: bearer(a.adminToken), payload: { status: 'open' } });
    for (let i = 0; i < COUNT; i++) {
      const res = await a.app.inject({
        method: 'POST',
        url: `/api/tickets/${ticket.id}/scheduledMessages`,
        headers: bearer(a.adminToken),
        payload: {
          body: `agendada ${i}`,
          sendAt: '2025-06-02T12:30',
          ...(i % 3 === 0 ? { recurrence: 'daily', until: '2025-06-03' } : {}),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const b = await createTestServer({ database: testDb.database, clock });
    servers.push(b);

    t = new Date('2025-06-02T12:31:00Z').getTime();
    const now = clock.now();
    // The processes' background ticks may take part too: what counts is what was queued.
    await Promise.all([a, b, a, b].map((s) => s.services.scheduledMessages.runDue(now)));

    const rows = await a.database.db.select({ body: messages.body }).from(messages).where(eq(messages.ticketId, ticket.id));
    for (let i = 0; i < COUNT; i++)
      expect(
        rows.filter((r) => r.body === `agendada ${i}`),
        `agendada ${i}`,
      ).toHaveLength(1);
    const states = await a.database.db.select().from(scheduledMessages).where(eq(scheduledMessages.ticketId, ticket.id));
    expect(states.every((r) => r.sentCount === 1)).toBe(true);
    expect(states.filter((r) => r.status === 'scheduled')).toHaveLength(COUNT / 3);

    // The first process stops once its sends are out; a new one on the same database sends nothing again.
    await waitFor(
      async () => (await customerChat(a, from, conn.number)).filter((m) => m.body?.startsWith('agendada ')).length === COUNT,
      20_000,
    );
    await a.close();
    const c = await createTestServer({ database: testDb.database, clock });
    servers.push(c);
    expect(await c.services.scheduledMessages.runDue(now)).toBe(0);
    expect(await b.services.scheduledMessages.runDue(now)).toBe(0);

    // The repeats come due the next day: once each again.
    t = new Date('2025-06-03T12:30:00Z').getTime();
    const later = clock.now();
    await Promise.all([b, c, b, c].map((s) => s.services.scheduledMessages.runDue(later)));
    const repeated = await c.database.db.select({ body: messages.body }).from(messages).where(eq(messages.ticketId, ticket.id));
    for (let i = 0; i < COUNT; i++)
      expect(
        repeated.filter((r) => r.body === `agendada ${i}`),
        `agendada ${i}`,
      ).toHaveLength(i % 3 === 0 ? 2 : 1);
    const after = await c.database.db.select().from(scheduledMessages).where(eq(scheduledMessages.ticketId, ticket.id));
    expect(after.every((r) => r.status === 'done')).toBe(true);
  }, 180_000);
});
