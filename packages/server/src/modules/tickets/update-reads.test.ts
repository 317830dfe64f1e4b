/**
 * A ticket action reads its row once: the locked read it decides on (service.ts `act`). A second
 * read of the same row, unlocked, could decide on a copy another process has changed since; and
 * each read is a round trip on every accept and transfer. Statements are counted through the
 * database layer's query hook, on both engines.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queues, tickets, whatsapps } from '../../db/schema.js';
import { bearer, createTestServer, openTestDatabase, type TestDatabase, type TestServer } from '../../test/harness.js';
import { customerWrites, phoneNumber } from '../../test/simulator.js';

describe('a ticket update', () => {
  let testDb: TestDatabase;
  let s: TestServer;
  let connId: number;
  let sales: number;
  let support: number;
  let agent: { id: number; token: string };
  let recording: { query: string; params: unknown[] }[] | null = null;

  beforeAll(async () => {
    testDb = await openTestDatabase({ logQuery: (query, params) => recording?.push({ query, params }) });
    s = await createTestServer({ database: testDb.database });
    [{ id: connId }] = await s.database.db.insert(whatsapps).values({ name: 'Main', channel: 'simulator', isDefault: true }).returning();
    [{ id: sales }, { id: support }] = await s.database.db
      .insert(queues)
      .values([
        { name: 'Sales', color: '#00aa00' },
        { name: 'Support', color: '#0000aa' },
      ])
      .returning();
    agent = await s.createUser({ queueIds: [sales, support] });
  });
  afterAll(async () => {
    await s.stop();
    await testDb.drop();
  });

  /** A customer writes: a pending ticket in the sales queue. */
  async function pendingTicket(): Promise<number> {
    const r = await customerWrites(s, connId, phoneNumber(), 'hello');
    await s.database.db.update(tickets).set({ queueId: sales }).where(eq(tickets.id, r!.ticket.id));
    return r!.ticket.id;
  }

  /** The statements among `statements` that read the tickets row `id` (a join in a list counts too). */
  const readsOfTicket = (statements: { query: string; params: unknown[] }[], id: number) =>
    statements
      .filter(({ query, params }) => /^\s*select\b/i.test(query) && /\b(from|join)\s+"tickets"/i.test(query) && params.includes(id))
      .map(({ query }) => query);

  /** The reads of the tickets row `id` while PUT /tickets/:id with `body` runs. */
  async function ticketReadsDuring(id: number, body: Record<string, unknown>): Promise<string[]> {
    recording = [];
    try {
      const res = await s.app.inject({ method: 'PUT', url: `/api/tickets/${id}`, headers: bearer(agent.token), payload: body });
      expect(res.statusCode, res.body).toBe(200);
      // What runs after the answer (announcing, automation) is part of the action too.
      await new Promise((resolve) => setImmediate(resolve));
      return readsOfTicket(recording, id);
    } finally {
      recording = null;
    }
  }

  it('accepting reads the ticket once, locked', async () => {
    const id = await pendingTicket();
    const reads = await ticketReadsDuring(id, { status: 'open', userId: agent.id });
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/for update/i);
  });

  it('transferring reads the ticket once, locked', async () => {
    const id = await pendingTicket();
    await ticketReadsDuring(id, { status: 'open', userId: agent.id });
    const reads = await ticketReadsDuring(id, { transf: true, queueId: support, userId: null });
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/for update/i);
  });
});
