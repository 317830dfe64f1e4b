/**
 * The product end to end on the real baileys driver over the WhatsApp protocol test server: a
 * connection paired by QR through the API, read receipts when an attendant opens the chat, and a
 * server killed after handing a reply to WhatsApp but before recording it — after the restart the
 * stored pairing reconnects without a QR and the customer has the reply exactly once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tickets } from '../../db/schema.js';
import { bearer, createTestServer, openTestDatabase, type TestDatabase, type TestServer } from '../../test/harness.js';
import { waitFor } from '../../test/simulator.js';
import { createWhatsappDriver } from '../whatsapp/driver.js';
import { WhatsAppTestServer } from '../whatsapp/test-server/server.js';

describe('the product on WhatsApp (baileys over the protocol test server)', () => {
  let wa: WhatsAppTestServer;
  let testDb: TestDatabase;
  const servers: TestServer[] = [];
  const start = async () => {
    const s = await createTestServer({
      database: testDb.database,
      factories: { whatsapp: (ctx) => createWhatsappDriver(ctx, { waWebSocketUrl: wa.url, reconnectDelays: [100, 500] }) },
    });
    servers.push(s);
    return s;
  };
  const connectionOf = async (s: TestServer, id: number) =>
    (await s.app.inject({ method: 'GET', url: `/api/whatsapp/${id}`, headers: bearer(s.adminToken) })).json<{
      status: string;
      qrcode: string;
    }>();

  beforeAll(async () => {
    wa = await WhatsAppTestServer.start();
    testDb = await openTestDatabase();
  });
  afterAll(async () => {
    for (const s of servers) await s.close().catch(() => undefined);
    await testDb.drop();
    await wa.close();
  });

  it('pairs, sends read receipts, and survives a restart mid-send with the reply delivered once', { timeout: 120_000 }, async () => {
    const a = await start();
    const company = '5511960000001';
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/whatsapp',
      headers: bearer(a.adminToken),
      payload: { name: 'WhatsApp', channel: 'whatsapp' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const connectionId = created.json().id as number;
    const qr = await waitFor(async () => (await connectionOf(a, connectionId)).qrcode, 20_000);
    wa.scan(qr, company);
    await waitFor(async () => (await connectionOf(a, connectionId)).status === 'CONNECTED', 20_000);

    // A customer writes; the attendant opens the chat: the phone shows the message read.
    const customer = wa.addCustomer({ number: '5511960000002', name: 'Dora' });
    const inboundId = await wa.customerSends(customer, company, { conversation: 'oi, tudo bem?' });
    const [contact] = await waitFor(async () => {
      const rows = await a.database.db.select().from(contacts).where(eq(contacts.number, customer.number!));
      return rows.length ? rows : undefined;
    }, 20_000);
    const [ticket] = await a.database.db.select().from(tickets).where(eq(tickets.contactId, contact.id));
    const opened = await a.app.inject({ method: 'GET', url: `/api/messages/${ticket.id}`, headers: bearer(a.adminToken) });
    expect(opened.statusCode, opened.body).toBe(200);
    await waitFor(() => customer.readByCompany.has(inboundId), 20_000);

    // The reply reaches the phone…
    const sent = await a.app.inject({
      method: 'POST',
      url: `/api/messages/${ticket.id}`,
      headers: bearer(a.adminToken),
      payload: { body: 'tudo, e você?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const replyId = sent.json().id as string;
    const [reply] = await waitFor(async () => {
      const rows = await a.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.id, replyId), eq(messages.sendState, 'sent')));
      return rows.length ? rows : undefined;
    }, 20_000);
    await waitFor(() => customer.inbox.has(reply.externalId!), 20_000);

    // …but the process dies before recording it: the outbox finds it half sent after the restart.
    await a.database.db
      .update(messages)
      .set({ sendState: 'sending', sendAttempts: 1, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(messages.id, replyId));
    await a.close();
    servers.length = 0;

    const b = await start();
    await waitFor(async () => (await connectionOf(b, connectionId)).status === 'CONNECTED', 20_000);
    await waitFor(async () => {
      const [row] = await b.database.db.select().from(messages).where(eq(messages.id, replyId));
      return row?.sendState === 'sent';
    }, 20_000);
    const replies = [...customer.inbox.values()].filter(
      (m) => m.message.conversation === 'tudo, e você?' || m.message.extendedTextMessage?.text === 'tudo, e você?',
    );
    expect(replies).toHaveLength(1);
    expect((await connectionOf(b, connectionId)).qrcode).toBe('');
  });
});
