/**
 * Two server processes on one database (ARCHITECTURE §8): scheduled automation runs under a leader
 * lock and each job's write is conditional, so due work happens exactly once — also when both
 * processes run a job at the same moment — and a restart resumes what was pending.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Clock } from '../context.js';
import { contacts, leases, messages, ticketCycles, tickets } from '../db/schema.js';
import { bearer, createTestServer, openTestDatabase, type TestDatabase, type TestServer } from '../test/harness.js';
import { connectSimulator, customerChat, customerSends, phoneNumber, waitFor } from '../test/simulator.js';
import { Lease } from '../lib/lease.js';
import { SCHEDULER_LEASE } from './scheduler.js';

const MIN = 60_000;
const clockAt = (iso: string) => {
  let t = new Date(iso).getTime();
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) } satisfies Clock & { advance(ms: number): void };
};

describe('scheduled automation across two server processes', () => {
  let testDb: TestDatabase;
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close().catch(() => undefined);
    await testDb?.drop();
  });

  const ticketOf = async (s: TestServer, number: string) => {
    const [c] = await s.database.db.select().from(contacts).where(eq(contacts.number, number));
    const [t] = await s.database.db.select().from(tickets).where(eq(tickets.contactId, c.id));
    return t;
  };

  it('an inactivity close due in both processes happens once: one inactive message, one close', async () => {
    testDb = await openTestDatabase();
    const clock = clockAt('2025-03-10T10:00:00-03:00');
    const a = await createTestServer({ database: testDb.database, clock });
    servers.push(a);
    const conn = await connectSimulator(a, {
      timeInactiveMessage: 1,
      sendInactiveMessage: true,
      inactiveMessage: 'Encerrado por inatividade',
    });
    const from = phoneNumber();
    await customerSends(a, { from, to: conn.number, body: 'Oi' });
    const t = await ticketOf(a, from);
    await a.app.inject({ method: 'PUT', url: `/api/tickets/${t.id}`, headers: bearer(a.adminToken), payload: { status: 'open' } });
    await a.app.inject({ method: 'POST', url: `/api/messages/${t.id}`, headers: bearer(a.adminToken), payload: { body: 'Posso ajudar?' } });

    const b = await createTestServer({ database: testDb.database, clock });
    servers.push(b);
    clock.advance(60 * MIN);
    const [ra, rb] = await Promise.all([a.services.automation.runDueJobs(), b.services.automation.runDueJobs()]);
    // One of them holds the lease (the other may have held it from its background start).
    expect([ra.leader, rb.leader].filter(Boolean)).toHaveLength(1);

    const rows = await a.database.db.select().from(messages).where(eq(messages.ticketId, t.id));
    expect(rows.filter((m) => m.body === 'Encerrado por inatividade')).toHaveLength(1);
    const cycles = await a.database.db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, t.id));
    expect(cycles.filter((c) => c.outcome === 'inactive')).toHaveLength(1);
    expect((await ticketOf(a, from)).status).toBe('closed');
    await waitFor(async () => (await customerChat(a, from, conn.number)).some((m) => m.body === 'Encerrado por inatividade'));
    expect((await customerChat(a, from, conn.number)).filter((m) => m.body === 'Encerrado por inatividade')).toHaveLength(1);
  });

  it('even with the lease bypassed, both processes running every job at once act once', async () => {
    const [a, b] = servers;
    const clock = a.ctx.clock as ReturnType<typeof clockAt>;
    const conn = await connectSimulator(a, { timeInactiveMessage: 1, sendInactiveMessage: true, inactiveMessage: 'Fim por inatividade' });
    const from = phoneNumber();
    await customerSends(a, { from, to: conn.number, body: 'Oi' });
    const t = await ticketOf(a, from);
    await a.app.inject({ method: 'PUT', url: `/api/tickets/${t.id}`, headers: bearer(a.adminToken), payload: { status: 'open' } });
    await a.app.inject({ method: 'POST', url: `/api/messages/${t.id}`, headers: bearer(a.adminToken), payload: { body: 'Algo mais?' } });
    clock.advance(61 * MIN);
    const now = clock.now();
    const runAll = (s: TestServer) => Promise.all(s.services.automation.scheduler.jobs.map((j) => j.run(now)));
    await Promise.all([runAll(a), runAll(b), runAll(a), runAll(b)]);
    const rows = await a.database.db.select().from(messages).where(eq(messages.ticketId, t.id));
    expect(rows.filter((m) => m.body === 'Fim por inatividade')).toHaveLength(1);
    const cycles = await a.database.db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, t.id));
    expect(cycles.filter((c) => c.outcome === 'inactive')).toHaveLength(1);
  });

  it('the lease: one holder at a time, taken over when the holder stops renewing', async () => {
    const db = servers[0].database.db;
    const one = new Lease(db, 'test-lease', 'one', 1);
    const two = new Lease(db, 'test-lease', 'two', 1);
    expect(await one.acquire()).toBe(true);
    expect(await two.acquire()).toBe(false);
    expect(await one.acquire()).toBe(true); // renewal
    await new Promise((r) => setTimeout(r, 1100));
    expect(await two.acquire()).toBe(true); // "one" died: taken over
    expect(await one.acquire()).toBe(false);
    await two.release();
    expect(await one.acquire()).toBe(true);
  });

  it('a restart resumes a pending automatic reply from the database, once', async () => {
    const [a, b] = servers.splice(0, 2);
    await b.close();
    const clock = a.ctx.clock as ReturnType<typeof clockAt>;
    a.services.automation.replies.stop(); // the process dies before replying
    const conn = await connectSimulator(a, { greetingMessage: 'Olá! Escolha um setor:' });
    const from = phoneNumber();
    await customerSends(a, { from, to: conn.number, body: 'Oi' });
    const t = await ticketOf(a, from);
    expect(t.autoReplyDueAt).not.toBeNull();
    await a.close();
    // The lease went with the stopped process.
    expect(await a.database.db.select().from(leases).where(eq(leases.name, SCHEDULER_LEASE))).toHaveLength(0);

    const c = await createTestServer({ database: testDb.database, clock });
    servers.push(c);
    clock.advance(MIN);
    await c.services.automation.runDueJobs();
    await c.services.automation.runDueJobs();
    await waitFor(async () => (await customerChat(c, from, conn.number)).some((m) => m.sender === 'connection'));
    const chat = await customerChat(c, from, conn.number);
    expect(chat.filter((m) => m.body === 'Olá! Escolha um setor:')).toHaveLength(1);
  });
});
