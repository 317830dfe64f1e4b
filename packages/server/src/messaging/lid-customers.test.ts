/**
 * Customers WhatsApp shows only by a LID (their number hidden), end to end on the simulator,
 * which models them as WhatsApp does: replies reach them, and when the number becomes known the
 * person stays one contact.
 */
import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, tickets } from '../db/schema.js';
import { simulatedLid } from '../channels/simulator/network.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { connectSimulator, customerChat, customerSends, phoneNumber, waitFor } from '../test/simulator.js';

describe('customers known only by a LID', () => {
  let s: TestServer;
  let conn: { id: number; number: string };
  beforeAll(async () => {
    s = await createTestServer();
    conn = await connectSimulator(s);
  });
  afterAll(async () => {
    await s?.close();
  });

  const contactsOf = (number: string) =>
    s.database.db
      .select()
      .from(contacts)
      .where(or(eq(contacts.number, number), eq(contacts.number, simulatedLid(number)), eq(contacts.lid, simulatedLid(number))));

  const reply = async (contactId: number, body: string) => {
    const [ticket] = await s.database.db.select().from(tickets).where(eq(tickets.contactId, contactId));
    const res = await s.app.inject({ method: 'POST', url: `/api/messages/${ticket.id}`, headers: bearer(s.adminToken), payload: { body } });
    expect(res.statusCode, res.body).toBe(201);
    await s.services.outbox.idle();
    return ticket;
  };

  it('replies reach the customer, and learning the number keeps one contact', async () => {
    const customer = phoneNumber();
    await customerSends(s, { from: customer, to: conn.number, body: 'oi, sem número', hideNumber: true });
    const [lidOnly] = await contactsOf(customer);
    expect(lidOnly).toMatchObject({ number: simulatedLid(customer), lid: simulatedLid(customer) });

    const ticket = await reply(lidOnly.id, 'olá, como posso ajudar?');
    await waitFor(async () =>
      (await customerChat(s, customer, conn.number)).some((m) => m.sender === 'connection' && m.body === 'olá, como posso ajudar?'),
    );

    // The customer writes again, now with the number visible: the same contact gets the number.
    await customerSends(s, { from: customer, to: conn.number, body: 'meu número apareceu' });
    const after = await contactsOf(customer);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: lidOnly.id, number: customer, lid: simulatedLid(customer) });
    const [same] = await s.database.db.select().from(tickets).where(eq(tickets.contactId, lidOnly.id));
    expect(same.id).toBe(ticket.id);

    // And a later hidden-number message still lands on that contact.
    await customerSends(s, { from: customer, to: conn.number, body: 'escondido de novo', hideNumber: true });
    expect(await contactsOf(customer)).toHaveLength(1);
  });

  it('merges a LID-only contact into the contact that already had the number', async () => {
    const customer = phoneNumber();
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: bearer(s.adminToken),
      payload: { name: 'Cliente antigo', number: customer },
    });
    expect(created.statusCode, created.body).toBe(201);
    await customerSends(s, { from: customer, to: conn.number, body: 'oi', hideNumber: true });
    expect(await contactsOf(customer)).toHaveLength(2); // nothing yet tells the LID's number

    await customerSends(s, { from: customer, to: conn.number, body: 'agora com número' });
    const merged = await contactsOf(customer);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ id: created.json().id, number: customer, lid: simulatedLid(customer), name: 'Cliente antigo' });
    const ticketsOfCustomer = await s.database.db.select().from(tickets).where(eq(tickets.contactId, merged[0].id));
    expect(ticketsOfCustomer.filter((t) => t.status !== 'closed')).toHaveLength(1);
  });
});
