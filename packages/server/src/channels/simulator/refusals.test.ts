/**
 * The simulator follows WhatsApp on LID addressing and refused sends: a customer set (through the
 * simulator's HTTP API) as LID-addressed is answered at the LID, and one that refuses messages
 * gets a reply the product shows as failed with the code — also when the refusal arrives before
 * the outbox has recorded the send.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tickets } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { connectSimulator, customerChat, customerSends, phoneNumber, waitFor } from '../../test/simulator.js';

describe('simulator: LID-addressed customers and refused sends', () => {
  let s: TestServer;
  let company: { id: number; number: string };

  beforeAll(async () => {
    s = await createTestServer();
    company = await connectSimulator(s);
  });
  afterAll(() => s.stop());

  const setBehaviour = (customer: string, payload: unknown, token = s.adminToken) =>
    s.app.inject({
      method: 'PUT',
      url: `/api/simulator/customers/${customer}/behaviour`,
      headers: bearer(token),
      payload: payload as object,
    });

  /** The customer writes; resolves with the ticket, once stored. */
  const writes = async (customer: string, body: string) => {
    await customerSends(s, { from: customer, to: company.number, body });
    const [contact] = await waitFor(async () => {
      const rows = await s.database.db.select().from(contacts).where(eq(contacts.number, customer));
      return rows.length ? rows : undefined;
    });
    const [ticket] = await s.database.db.select().from(tickets).where(eq(tickets.contactId, contact.id));
    return { contact, ticket };
  };
  const reply = async (ticketId: number, body: string) => {
    const res = await s.app.inject({ method: 'POST', url: `/api/messages/${ticketId}`, headers: bearer(s.adminToken), payload: { body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const row = async (id: string) => (await s.database.db.select().from(messages).where(eq(messages.id, id)))[0];

  it('is set by admins only, with a known refusal code', async () => {
    const customer = phoneNumber();
    const agent = await s.createUser({ profile: 'user' });
    const refused = await setBehaviour(customer, { lidAddressed: true, refuses: '479' }, agent.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toHaveProperty('error');
    const bad = await setBehaviour(customer, { lidAddressed: true, refuses: '999' });
    expect(bad.statusCode).toBe(400);
    const read = await s.app.inject({
      method: 'GET',
      url: `/api/simulator/customers/${customer}/behaviour`,
      headers: bearer(s.adminToken),
    });
    expect(read.json()).toEqual({ customer, lidAddressed: false, refuses: null });
    const set = await setBehaviour(customer, { lidAddressed: true, refuses: '479' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ customer, lidAddressed: true, refuses: '479' });
  });

  it('answers a LID-addressed customer at their LID: the reply reaches the phone', async () => {
    const customer = phoneNumber();
    expect((await setBehaviour(customer, { lidAddressed: true, refuses: null })).statusCode).toBe(200);
    const { contact, ticket } = await writes(customer, 'oi');
    expect(contact.lid).toMatch(/@lid$/);
    const id = await reply(ticket.id, 'olá pelo LID');
    const sent = await waitFor(async () => {
      const r = await row(id);
      return r?.sendState === 'sent' && r.ack >= 2 && r;
    });
    expect(sent.sendState).toBe('sent');
    expect((await customerChat(s, customer, company.number)).map((m) => m.body)).toContain('olá pelo LID');
  });

  it('refuses a number-addressed send to a LID-addressed customer the product knows only by number (463)', async () => {
    const customer = phoneNumber();
    const { ticket } = await writes(customer, 'oi');
    // The account migrates to LID addressing after the product stored it by number alone.
    await s.database.db.update(contacts).set({ lid: null }).where(eq(contacts.number, customer));
    expect((await setBehaviour(customer, { lidAddressed: true, refuses: null })).statusCode).toBe(200);
    const id = await reply(ticket.id, 'pelo número');
    const failed = await waitFor(async () => {
      const r = await row(id);
      return r?.sendState === 'failed' && r;
    });
    expect(failed).toMatchObject({ lastError: 'ERR_WAPP_SEND_REFUSED', failureCode: '463' });
  });

  it('shows a reply the customer refuses as failed with its code, even when the refusal overtakes the send', async () => {
    const customer = phoneNumber();
    const { ticket } = await writes(customer, 'me responde?');
    expect((await setBehaviour(customer, { lidAddressed: false, refuses: '479' })).statusCode).toBe(200);
    const id = await reply(ticket.id, 'não vai chegar');
    await waitFor(async () => (await row(id))?.sendState === 'failed');
    await s.services.outbox.idle();
    expect(await row(id)).toMatchObject({ sendState: 'failed', lastError: 'ERR_WAPP_SEND_REFUSED', failureCode: '479', ack: 0 });
    expect((await customerChat(s, customer, company.number)).map((m) => m.body)).not.toContain('não vai chegar');
  });
});
