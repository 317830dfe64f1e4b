import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contacts, leases, messages, simulatorMessages, tickets, whatsapps } from '../db/schema.js';
import { bearer, createTestServer, openTestDatabase, type TestDatabase, type TestServer } from '../test/harness.js';
import { connectSimulator, customerChat, customerSends, phoneNumber, waitFor } from '../test/simulator.js';

describe('a server restart mid-send loses nothing and doubles nothing', () => {
  let testDb: TestDatabase;
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close().catch(() => undefined);
    await testDb?.drop();
  });

  it('delivers queued and half-sent messages exactly once after the restart', async () => {
    testDb = await openTestDatabase();
    const a = await createTestServer({ database: testDb.database });
    servers.push(a);
    const conn = await connectSimulator(a);
    const from = phoneNumber();
    await customerSends(a, { from, to: conn.number, body: 'hello' });
    const [c] = await a.database.db.select().from(contacts).where(eq(contacts.number, from));
    const [t] = await a.database.db.select().from(tickets).where(eq(tickets.contactId, c.id));

    // The phone drops, so the attendant's answer waits in the outbox…
    await a.app.inject({ method: 'POST', url: '/api/simulator/disconnect', headers: bearer(a.adminToken), payload: { to: conn.number } });
    await waitFor(
      async () =>
        (await a.app.inject({ method: 'GET', url: `/api/whatsapp/${conn.id}`, headers: bearer(a.adminToken) })).json().status ===
        'DISCONNECTED',
    );
    const queued = await a.app.inject({
      method: 'POST',
      url: `/api/messages/${t.id}`,
      headers: bearer(a.adminToken),
      payload: { body: 'queued answer' },
    });
    const halfSent = await a.app.inject({
      method: 'POST',
      url: `/api/messages/${t.id}`,
      headers: bearer(a.adminToken),
      payload: { body: 'half sent' },
    });
    await a.services.outbox.idle();

    // …and a second one was handed to the channel just before the crash, never recorded as sent.
    const [hs] = await a.database.db.select().from(messages).where(eq(messages.id, halfSent.json().id));
    await a.database.db
      .insert(simulatorMessages)
      .values({ id: hs.externalId!, connectionNumber: conn.number, customer: from, sender: 'connection', body: 'half sent', ack: 2 });
    await a.database.db
      .update(messages)
      .set({ sendState: 'sending', sendAttempts: 1, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(messages.id, hs.id));

    await a.close(); // the process dies
    servers.length = 0;

    const b = await createTestServer({ database: testDb.database });
    servers.push(b);
    // The stored pairing reconnects without a new QR; the outbox resumes.
    await waitFor(
      async () =>
        (await b.app.inject({ method: 'GET', url: `/api/whatsapp/${conn.id}`, headers: bearer(b.adminToken) })).json().status ===
        'CONNECTED',
    );
    await waitFor(async () => {
      const rows = await b.database.db.select().from(messages).where(eq(messages.ticketId, t.id));
      return rows.filter((m) => m.fromMe).every((m) => m.sendState === 'sent');
    });
    const chat = await customerChat(b, from, conn.number);
    expect(chat.filter((m) => m.body === 'queued answer')).toHaveLength(1);
    expect(chat.filter((m) => m.body === 'half sent')).toHaveLength(1);
    const [q] = await b.database.db.select().from(messages).where(eq(messages.id, queued.json().id));
    expect(q.ack).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it('after kill -9, the restarted server runs the sessions at once and sends claimed replies promptly', async () => {
    const db = await openTestDatabase();
    try {
      const a = await createTestServer({ database: db.database, soleProcess: true });
      const conn = await connectSimulator(a);
      const from = phoneNumber();
      await customerSends(a, { from, to: conn.number, body: 'hello' });
      const [c] = await a.database.db.select().from(contacts).where(eq(contacts.number, from));
      const [t] = await a.database.db.select().from(tickets).where(eq(tickets.contactId, c.id));
      await a.app.inject({ method: 'POST', url: '/api/simulator/disconnect', headers: bearer(a.adminToken), payload: { to: conn.number } });
      await waitFor(
        async () =>
          (await a.app.inject({ method: 'GET', url: `/api/whatsapp/${conn.id}`, headers: bearer(a.adminToken) })).json().status ===
          'DISCONNECTED',
      );
      const reply = await a.app.inject({
        method: 'POST',
        url: `/api/messages/${t.id}`,
        headers: bearer(a.adminToken),
        payload: { body: 'claimed before the crash' },
      });
      await a.services.outbox.idle();
      await a.close();
      // What kill -9 leaves behind: the session's lease still live, the connection shown CONNECTED,
      // and the reply claimed by the dead process for another minute.
      await db.database.db
        .update(leases)
        .set({ holder: 'dead-process', expiresAt: sql`now() + interval '30 seconds'` })
        .where(eq(leases.name, `channel:${conn.id}`));
      await db.database.db.update(whatsapps).set({ status: 'CONNECTED' }).where(eq(whatsapps.id, conn.id));
      await db.database.db
        .update(messages)
        .set({ sendState: 'sending', claimedBy: 'dead-process', sendAttempts: 1, nextAttemptAt: sql`now() + interval '60 seconds'` })
        .where(eq(messages.id, reply.json().id));

      const b = await createTestServer({ database: db.database, soleProcess: true });
      try {
        // Shown CONNECTED only while a session really runs here.
        const shown = (await b.app.inject({ method: 'GET', url: `/api/whatsapp/${conn.id}`, headers: bearer(b.adminToken) })).json().status;
        if (shown === 'CONNECTED') expect(b.services.channels.connected(conn.id)).not.toBeNull();
        await waitFor(() => b.services.channels.connected(conn.id), 10_000);
        await waitFor(async () => {
          const [m] = await b.database.db.select().from(messages).where(eq(messages.id, reply.json().id));
          return m.sendState === 'sent';
        }, 15_000);
        const chat = await customerChat(b, from, conn.number);
        expect(chat.filter((m) => m.body === 'claimed before the crash')).toHaveLength(1);
      } finally {
        await b.close();
      }
    } finally {
      await db.drop();
    }
  }, 120_000);
});
