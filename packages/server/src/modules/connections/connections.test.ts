import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queues, whatsapps } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { waitFor } from '../../test/simulator.js';

describe('connections API', () => {
  let s: TestServer;
  let agent: { id: number; token: string };
  let q1: number;
  let q2: number;

  beforeAll(async () => {
    s = await createTestServer({ env: { CONNECTIONS_LIMIT: '4' } });
    agent = await s.createUser();
    [{ id: q1 }] = await s.database.db.insert(queues).values({ name: 'Sales', color: '#111111' }).returning();
    [{ id: q2 }] = await s.database.db.insert(queues).values({ name: 'Support', color: '#222222' }).returning();
  });
  afterAll(() => s.stop());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = s.adminToken) =>
    s.app.inject({ method, url, headers: bearer(token), payload: payload as never });

  it('creates the first connection as default, with every field and the spec work-hour names', async () => {
    const res = await api('POST', '/api/whatsapp', {
      name: 'Main',
      channel: 'simulator',
      greetingMessage: 'Welcome {{name}}',
      farewellMessage: 'Bye',
      ratingMessage: 'Rate us 0-10',
      transferTicketMessage: 'Transferring',
      inactiveMessage: 'Closing for inactivity',
      sendInactiveMessage: true,
      timeInactiveMessage: 0.25,
      outOfWorkMessage: 'We are closed',
      isDisplay: true,
      isGroup: true,
      defineWorkHours: true,
      saturday: true,
      StartDefineWorkHoursSaturday: '09:00',
      EndDefineWorkHoursSaturday: '13:00',
      holidays: ['2026-12-25'],
      queueIds: [q1, q2],
      defaultQueueId: q1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      name: 'Main',
      channel: 'simulator',
      isDefault: true,
      timeInactiveMessage: 0.25,
      saturday: true,
      StartDefineWorkHoursSaturday: '09:00',
      EndDefineWorkHoursSaturday: '13:00',
      monday: true,
      StartDefineWorkHoursMonday: '08:00',
      EndDefineWorkHoursMondayLunch: '13:00',
      sunday: false,
      holidays: ['2026-12-25'],
      defaultQueueId: q1,
    });
    expect(c.queueIds.sort()).toEqual([q1, q2].sort());
    // The session starts at once and shows a QR code.
    await waitFor(async () => (await api('GET', `/api/whatsapp/${c.id}`)).json().status === 'qrcode');
  });

  it('requires a greeting when a connection has several sectors', async () => {
    const res = await api('POST', '/api/whatsapp', { name: 'NoGreeting', channel: 'simulator', queueIds: [q1, q2] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('ERR_WAPP_GREETING_REQUIRED');
  });

  it('validates the name with the spec messages', async () => {
    const res = await api('POST', '/api/whatsapp', { name: 'x', channel: 'simulator' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { message: string }) => d.message)).toContain('Too Short!');
    const bad = await api('POST', '/api/whatsapp', { name: 'Valid', timeInactiveMessage: 3 });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps exactly one default: setting another moves it; unsetting the only one is refused', async () => {
    const b = (await api('POST', '/api/whatsapp', { name: 'Second', channel: 'simulator', isDefault: true })).json();
    const rows = await s.database.db.select().from(whatsapps);
    expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual([b.id]);
    const refused = await api('PUT', `/api/whatsapp/${b.id}`, { isDefault: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('ERR_NO_OTHER_WHATSAPP');
    // Deleting the default hands the role to another connection.
    expect((await api('DELETE', `/api/whatsapp/${b.id}`)).statusCode).toBe(200);
    const after = await s.database.db.select().from(whatsapps);
    expect(after.filter((r) => r.isDefault)).toHaveLength(1);
  });

  it('refuses more connections than CONNECTIONS_LIMIT', async () => {
    const existing = (await s.database.db.select().from(whatsapps)).length;
    for (let i = existing; i < 4; i++)
      expect((await api('POST', '/api/whatsapp', { name: `Fill ${i}`, channel: 'simulator' })).statusCode).toBe(201);
    const res = await api('POST', '/api/whatsapp', { name: 'Too many', channel: 'simulator' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('ERR_CONNECTION_CREATION_COUNT');
  });

  it('answers 404 ERR_NO_WAPP_FOUND for unknown ids and 400 for malformed ones', async () => {
    expect((await api('GET', '/api/whatsapp/99999')).json().error).toBe('ERR_NO_WAPP_FOUND');
    expect((await api('GET', '/api/whatsapp/abc')).statusCode).toBe(400);
    expect((await api('POST', '/api/whatsappsession/99999')).statusCode).toBe(404);
  });

  it('announces changes to admins in realtime', async () => {
    const spy = vi.spyOn(s.ctx.realtime, 'emitToAdmins');
    const [row] = await s.database.db.select().from(whatsapps).limit(1);
    await api('PUT', `/api/whatsapp/${row.id}`, { farewellMessage: 'See you' });
    expect(spy).toHaveBeenCalledWith(
      'whatsapp',
      expect.objectContaining({ action: 'update', whatsapp: expect.objectContaining({ farewellMessage: 'See you' }) }),
    );
    spy.mockRestore();
  });

  describe('a non-admin', () => {
    it('gets only names and statuses from the list', async () => {
      const res = await api('GET', '/api/whatsapp', undefined, agent.token);
      expect(res.statusCode).toBe(200);
      const first = res.json()[0];
      expect(Object.keys(first).sort()).toEqual(['channel', 'id', 'isDefault', 'name', 'status']);
    });

    it.each([
      ['GET', '/api/whatsapp/1'],
      ['POST', '/api/whatsapp'],
      ['PUT', '/api/whatsapp/1'],
      ['DELETE', '/api/whatsapp/1'],
      ['POST', '/api/whatsappsession/1'],
      ['PUT', '/api/whatsappsession/1'],
      ['DELETE', '/api/whatsappsession/1'],
    ] as const)('is refused on %s %s', async (method, url) => {
      const [row] = await s.database.db.select().from(whatsapps).limit(1);
      const res = await api(
        method,
        url.replace('/1', `/${row.id}`),
        method === 'POST' && url === '/api/whatsapp'
          ? { name: 'Nope' }
          : method === 'PUT' && url.startsWith('/api/whatsapp/')
            ? { name: 'Nope' }
            : undefined,
        agent.token,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
      const [still] = await s.database.db.select().from(whatsapps).where(eq(whatsapps.id, row.id));
      expect(still.name).not.toBe('Nope');
    });

    it('is refused by the simulator API', async () => {
      const res = await api('GET', '/api/simulator/pending', undefined, agent.token);
      expect(res.statusCode).toBe(403);
    });
  });

  it('refuses unauthenticated calls', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/whatsapp' });
    expect(res.statusCode).toBe(401);
  });
});
