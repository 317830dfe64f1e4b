/**
 * The product on the real baileys driver over the WhatsApp protocol test server: a reply to a
 * customer WhatsApp addresses by LID reaches them, and a reply WhatsApp refuses is a failed
 * message with the refusal's code — never a tick — that the attendant can send again.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tickets } from '../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { waitFor } from '../test/simulator.js';
import { createWhatsappDriver } from '../channels/whatsapp/driver.js';
import { WhatsAppTestServer } from '../channels/whatsapp/test-server/server.js';
import type { SimulatedCustomer } from '../channels/whatsapp/test-server/customer.js';

describe('sends WhatsApp refuses, and customers it addresses by LID', () => {
  let wa: WhatsAppTestServer;
  let s: TestServer;
  const company = '5511961000001';
  let nextCustomer = 5511_9610_0100;
  let connectionId: number;

  beforeAll(async () => {
    wa = await WhatsAppTestServer.start();
    s = await createTestServer({
      factories: { whatsapp: (ctx) => createWhatsappDriver(ctx, { waWebSocketUrl: wa.url, reconnectDelays: [100, 500] }) },
    });
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/whatsapp',
      headers: bearer(s.adminToken),
      payload: { name: 'WhatsApp', channel: 'whatsapp' },
    });
    expect(created.statusCode, created.body).toBe(201);
    connectionId = created.json().id as number;
    const connection = async () =>
      (await s.app.inject({ method: 'GET', url: `/api/whatsapp/${connectionId}`, headers: bearer(s.adminToken) })).json<{
        status: string;
        qrcode: string;
      }>();
    wa.scan(await waitFor(async () => (await connection()).qrcode, 20_000), company);
    await waitFor(async () => (await connection()).status === 'CONNECTED', 20_000);
  }, 60_000);
  afterAll(async () => {
    await s?.stop();
    await wa?.close();
  });

  /** The customer writes; resolves with their ticket once the product stored the message. */
  const writes = async (customer: SimulatedCustomer, body: string) => {
    await wa.customerSends(customer, company, { conversation: body });
    const [contact] = await waitFor(async () => {
      const rows = await s.database.db.select().from(contacts).where(eq(contacts.number, customer.number!));
      return rows.length ? rows : undefined;
    }, 20_000);
    const [ticket] = await s.database.db.select().from(tickets).where(eq(tickets.contactId, contact.id));
    return { contact, ticket };
  };
  const reply = async (ticketId: number, body: string) => {
    const sent = await s.app.inject({ method: 'POST', url: `/api/messages/${ticketId}`, headers: bearer(s.adminToken), payload: { body } });
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json<{ id: string }>().id;
  };
  // The delivery receipt may be applied before the outbox records the send: "delivered" is both.
  const row = async (id: string) => (await s.database.db.select().from(messages).where(eq(messages.id, id)))[0];

  it('answers a LID-addressed customer at their LID: the reply is delivered, not refused', { timeout: 60_000 }, async () => {
    const customer = wa.addCustomer({ number: String(nextCustomer++), name: 'Lia', lidAddressed: true });
    const { contact, ticket } = await writes(customer, 'oi, sou a Lia');
    expect(contact.lid).toBe(customer.lidJid);
    const id = await reply(ticket.id, 'olá, Lia');
    const delivered = await waitFor(async () => {
      const r = await row(id);
      return r?.sendState === 'sent' && r.ack >= 2 && r;
    }, 20_000);
    expect(delivered.sendState).toBe('sent');
    expect([...customer.inbox.keys()]).toContain(delivered.externalId);
  });

  it('addresses a contact whose LID the product kept at that LID, though this session never saw them', { timeout: 60_000 }, async () => {
    // A LID-migrated customer learnt in an earlier session (contacts.lid), written to first now.
    const customer = wa.addCustomer({ number: String(nextCustomer++), name: 'Téo', lidAddressed: true });
    const [contact] = await s.database.db
      .insert(contacts)
      .values({ name: 'Téo', number: customer.number!, lid: customer.lidJid })
      .returning();
    const opened = await s.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: bearer(s.adminToken),
      payload: { contactId: contact.id, status: 'open', whatsappId: connectionId },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = await reply(opened.json<{ id: number }>().id, 'olá, Téo');
    const delivered = await waitFor(async () => {
      const r = await row(id);
      return r && ((r.sendState === 'sent' && r.ack >= 2) || r.sendState === 'failed') && r;
    }, 20_000);
    expect(delivered).toMatchObject({ sendState: 'sent', failureCode: null });
    expect(customer.inbox.has(delivered.externalId!)).toBe(true);
  });

  it('shows a refused reply as failed with its code, keeps it failed, and sends it again on retry', { timeout: 60_000 }, async () => {
    const customer = wa.addCustomer({ number: String(nextCustomer++), name: 'Rui' });
    const { ticket } = await writes(customer, 'pode responder?');
    customer.refuses = '479';
    const id = await reply(ticket.id, 'resposta recusada');
    const failed = await waitFor(async () => {
      const r = await row(id);
      return r?.sendState === 'failed' && r;
    }, 20_000);
    expect(failed).toMatchObject({ lastError: 'ERR_WAPP_SEND_REFUSED', failureCode: '479' });
    expect(customer.inbox.has(failed.externalId!)).toBe(false);
    // The outbox finished with it and nothing turned it back into a tick.
    await s.services.outbox.idle();
    expect(await row(id)).toMatchObject({ sendState: 'failed', failureCode: '479' });
    const page = await s.app.inject({ method: 'GET', url: `/api/messages/${ticket.id}`, headers: bearer(s.adminToken) });
    const shown = page
      .json<{ messages: { id: string; sendState: string; sendError: string; sendErrorCode: string }[] }>()
      .messages.find((m) => m.id === id);
    expect(shown).toMatchObject({ sendState: 'failed', sendError: 'ERR_WAPP_SEND_REFUSED', sendErrorCode: '479' });

    // A user who cannot see the ticket cannot send it again; the message stays as it was.
    const outsider = await s.createUser({ profile: 'user' });
    const refused = await s.app.inject({ method: 'POST', url: `/api/messages/${id}/retry`, headers: bearer(outsider.token) });
    expect([403, 404]).toContain(refused.statusCode);
    expect(refused.json()).toHaveProperty('error');
    expect((await row(id)).sendState).toBe('failed');

    // The customer accepts messages again: the retry goes out under a new id and is delivered.
    customer.refuses = undefined;
    const retried = await s.app.inject({ method: 'POST', url: `/api/messages/${id}/retry`, headers: bearer(s.adminToken) });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id, sendState: 'pending', sendError: null });
    const delivered = await waitFor(async () => {
      const r = await row(id);
      return r?.sendState === 'sent' && r.ack >= 2 && r;
    }, 20_000);
    expect(delivered).toMatchObject({ sendState: 'sent', failureCode: null, lastError: null });
    expect(delivered.externalId).not.toBe(failed.externalId);
    expect(customer.inbox.has(delivered.externalId!)).toBe(true);

    // Only a failed message can be sent again.
    const again = await s.app.inject({ method: 'POST', url: `/api/messages/${id}/retry`, headers: bearer(s.adminToken) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'ERR_VALIDATION' });
  });

  it('a late receipt does not turn a refused message back into a tick', { timeout: 60_000 }, async () => {
    const customer = wa.addCustomer({ number: String(nextCustomer++) });
    const { ticket } = await writes(customer, 'oi');
    customer.refuses = '463';
    const id = await reply(ticket.id, 'vai falhar');
    const failed = await waitFor(async () => {
      const r = await row(id);
      return r?.sendState === 'failed' && r;
    }, 20_000);
    await s.services.inbound.handle(ticket.whatsappId, { type: 'ack', externalId: failed.externalId!, ack: 2 });
    expect(await row(id)).toMatchObject({ sendState: 'failed', failureCode: '463', ack: failed.ack });
  });
});
