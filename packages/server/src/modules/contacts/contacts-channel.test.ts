import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, simulatorMessages } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { connectSimulator, phoneNumber } from '../../test/simulator.js';

describe('contacts through the default connection', () => {
  let s: TestServer;
  let agent: { token: string };

  beforeAll(async () => {
    s = await createTestServer();
    agent = await s.createUser();
  });
  afterAll(() => s.stop());

  it('import needs a default connection', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/contacts/import', headers: bearer(s.adminToken) });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('ERR_NO_DEF_WAPP_FOUND');
  });

  describe('with a connected default connection', () => {
    let conn: { id: number; number: string };
    beforeAll(async () => {
      conn = await connectSimulator(s);
    });

    it('refuses a number that has no account (ERR_WAPP_INVALID_CONTACT) and saves nothing', async () => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: bearer(s.adminToken),
        payload: { name: 'Nobody', number: '0800123456' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('ERR_WAPP_INVALID_CONTACT');
      expect(await s.database.db.select().from(contacts).where(eq(contacts.number, '0800123456'))).toHaveLength(0);
    });

    it('accepts a number the network knows, as digits', async () => {
      const number = phoneNumber();
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: bearer(s.adminToken),
        payload: { name: 'Known', number: `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4)}` },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(res.json().number).toBe(number);
    });

    it('imports the phone contacts (admins only), keeping existing names', async () => {
      const fresh = phoneNumber();
      await s.database.db
        .insert(simulatorMessages)
        .values({ id: `IMP${fresh}`, connectionNumber: conn.number, customer: fresh, sender: 'customer', body: 'hi' });
      const refused = await s.app.inject({ method: 'POST', url: '/api/contacts/import', headers: bearer(agent.token) });
      expect(refused.statusCode).toBe(403);
      expect(await s.database.db.select().from(contacts).where(eq(contacts.number, fresh))).toHaveLength(0);
      const res = await s.app.inject({ method: 'POST', url: '/api/contacts/import', headers: bearer(s.adminToken) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().imported).toBeGreaterThanOrEqual(1);
      expect(await s.database.db.select().from(contacts).where(eq(contacts.number, fresh))).toHaveLength(1);
    });
  });
});
