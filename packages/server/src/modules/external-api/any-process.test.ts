/**
 * POST /api/send behind a round-robin balancer: the request may land on a process that does not
 * run the connection's session. The number is checked by the process that does, and the send is
 * delivered by its outbox, as the message route's sends are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, openTestDatabase, type TestDatabase, type TestServer } from '../../test/harness.js';
import { connectSimulator, customerChat, phoneNumber, waitFor } from '../../test/simulator.js';

describe('POST /api/send on every process', () => {
  let testDb: TestDatabase;
  let owner: TestServer;
  let other: TestServer;
  let conn: { id: number; number: string };
  let token: string;

  const send = (s: TestServer, payload: object) =>
    s.app.inject({ method: 'POST', url: '/api/send', headers: { authorization: `Bearer ${token}` }, payload });

  beforeAll(async () => {
    testDb = await openTestDatabase();
    owner = await createTestServer({ database: testDb.database });
    conn = await connectSimulator(owner);
    other = await createTestServer({ database: testDb.database });
    token = (await owner.app.inject({ method: 'GET', url: '/api/settings/userApiToken', headers: bearer(owner.adminToken) })).json().value;
  }, 60_000);
  afterAll(async () => {
    await other?.close().catch(() => undefined);
    await owner?.close().catch(() => undefined);
    await testDb?.drop();
  });

  it('is carried out when it reaches the process that does not run the session', async () => {
    expect(other.services.channels.connected(conn.id)).toBeNull();
    const customer = phoneNumber();
    const res = await send(other, { number: customer, body: 'Your order shipped', whatsappId: conn.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ticketStatus: expect.any(String), messages: [{ body: 'Your order shipped', fromMe: true }] });
    // The session's process delivers it to the customer.
    await waitFor(async () => (await customerChat(owner, customer, conn.number)).some((m) => m.body === 'Your order shipped'), 15_000);
  });

  it('answers the channel refusal of the owning process for a number that does not exist', async () => {
    const res = await send(other, { number: '0123456789', body: 'hi', whatsappId: conn.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_WAPP_INVALID_CONTACT' });
  });

  it('answers 409 at once when no process runs the session', async () => {
    const off = await owner.app.inject({ method: 'DELETE', url: `/api/whatsappsession/${conn.id}`, headers: bearer(owner.adminToken) });
    expect(off.statusCode).toBe(200);
    await waitFor(() => owner.services.channels.connected(conn.id) === null);
    for (const s of [other, owner]) {
      const res = await send(s, { number: phoneNumber(), body: 'hi', whatsappId: conn.id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'ERR_WAPP_NOT_INITIALIZED' });
    }
  });
});
