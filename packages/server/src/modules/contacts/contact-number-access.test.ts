/**
 * A contact's number decides where replies go: only users who may see one of the contact's
 * tickets may change it, and while a ticket is active only admins (spec §6, docs/decisions.md).
 */
import { canChangeContactNumber, type ContactDTO } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, tickets } from '../../db/schema.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { apiCaller } from '../../test/http.js';
import { connectSimulator, customerSends, phoneNumber } from '../../test/simulator.js';

describe('who may change a contact number', () => {
  let s: TestServer;
  const api = apiCaller(() => s);
  let conn: { id: number; number: string };
  let salesAgent: { id: number; token: string };
  let supportAgent: { id: number; token: string };
  let sales: number;

  beforeAll(async () => {
    s = await createTestServer();
    conn = await connectSimulator(s);
    sales = (await api('POST', '/queue', s.adminToken, { name: 'Sales', color: '#112233' })).json().id;
    const support = (await api('POST', '/queue', s.adminToken, { name: 'Support', color: '#332211' })).json().id;
    salesAgent = await s.createUser({ queueIds: [sales] });
    supportAgent = await s.createUser({ queueIds: [support] });
  }, 180_000);
  afterAll(() => s.stop());

  /** A customer writes; the ticket is put in the Sales sector with the given status. */
  const contactWithSalesTicket = async (status: 'pending' | 'closed') => {
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, body: 'hello' });
    const [c] = await s.database.db.select().from(contacts).where(eq(contacts.number, from));
    await s.database.db.update(tickets).set({ queueId: sales, status }).where(eq(tickets.contactId, c.id));
    return c;
  };
  const numberOf = async (id: number) => (await s.database.db.select().from(contacts).where(eq(contacts.id, id)))[0].number;

  it('an attendant who cannot see any of the contact’s tickets is refused, and nothing changes', async () => {
    const c = await contactWithSalesTicket('closed');
    const res = await api('PUT', `/contacts/${c.id}`, supportAgent.token, { number: phoneNumber() });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('ERR_NO_PERMISSION');
    expect(await numberOf(c.id)).toBe(c.number);
    // Other fields stay editable by anyone (spec §6).
    expect((await api('PUT', `/contacts/${c.id}`, supportAgent.token, { name: 'Renamed' })).statusCode).toBe(200);
  });

  it('while a ticket is active, only an admin changes the number', async () => {
    const c = await contactWithSalesTicket('pending');
    for (const agent of [salesAgent, supportAgent]) {
      const res = await api('PUT', `/contacts/${c.id}`, agent.token, { number: phoneNumber() });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
    expect(await numberOf(c.id)).toBe(c.number);
    const fresh = phoneNumber();
    const byAdmin = await api('PUT', `/contacts/${c.id}`, s.adminToken, { number: fresh });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await numberOf(c.id)).toBe(fresh);
  });

  it('an attendant who may see a closed ticket of the contact changes the number', async () => {
    const c = await contactWithSalesTicket('closed');
    const fresh = phoneNumber();
    const res = await api('PUT', `/contacts/${c.id}`, salesAgent.token, { number: fresh });
    expect(res.statusCode, res.body).toBe(200);
    expect(await numberOf(c.id)).toBe(fresh);
  });

  it('a contact without tickets keeps its number editable by anyone', async () => {
    const created = await api('POST', '/contacts', supportAgent.token, { name: 'No tickets', number: phoneNumber() });
    expect(created.statusCode, created.body).toBe(201);
    const fresh = phoneNumber();
    expect((await api('PUT', `/contacts/${created.json().id}`, salesAgent.token, { number: fresh })).statusCode).toBe(200);
    expect(await numberOf(created.json().id)).toBe(fresh);
  });

  it('the contact as presented lets the shared rule predict every answer (the form disables by it)', async () => {
    const noTickets = (await api('POST', '/contacts', s.adminToken, { name: 'Nobody yet', number: phoneNumber() })).json().id as number;
    const ids = [(await contactWithSalesTicket('closed')).id, (await contactWithSalesTicket('pending')).id, noTickets];
    const settings = { allTicket: false };
    for (const agent of [salesAgent, supportAgent]) {
      const me = (await api('GET', '/auth/me', agent.token)).json<{ id: number; profile: string; queues: { id: number }[] }>();
      const viewer = { id: me.id, profile: me.profile, queueIds: me.queues.map((q) => q.id), allTicket: false };
      for (const id of ids) {
        const contact = (await api('GET', `/contacts/${id}`, agent.token)).json<ContactDTO>();
        const predicted = canChangeContactNumber(viewer, contact.tickets, settings);
        const res = await api('PUT', `/contacts/${id}`, agent.token, { number: phoneNumber() });
        expect(res.statusCode === 200, `agent ${agent.id}, contact ${id}: ${res.body}`).toBe(predicted);
      }
    }
  });
});
