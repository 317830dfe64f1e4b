import { EVENTS, type QueueDTO } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contacts, ticketCycles, tickets, userQueues, whatsappQueues, whatsapps } from '../../db/schema.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { apiCaller, expectFieldError, type Method } from '../../test/http.js';

describe('sectors (queues)', () => {
  let s: TestServer;
  let agent: { id: number; token: string };
  let seq = 0;

  const api = apiCaller(() => s);

  const create = async (fields: Record<string, unknown> = {}): Promise<QueueDTO> => {
    const n = ++seq;
    const res = await api('POST', '/queue', s.adminToken, { name: `Sector ${n}`, color: `#${String(n).padStart(6, '0')}`, ...fields });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  const fieldError = expectFieldError;

  beforeAll(async () => {
    s = await createTestServer();
    agent = await s.createUser();
  });
  afterAll(() => s.stop());
  afterEach(() => vi.restoreAllMocks());

  describe('access', () => {
    const body = { name: 'Nobody', color: '#abcabc' };
    const routes: [Method, string, unknown?][] = [
      ['GET', '/queue'],
      ['GET', '/queue/1'],
      ['POST', '/queue', body],
      ['PUT', '/queue/1', body],
      ['DELETE', '/queue/1'],
    ];
    it.each(routes)('%s %s without a token → 401', async (method, url, payload) => {
      const res = await api(method, url, null, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('ERR_SESSION_EXPIRED');
    });

    it('refuses every write to a non-admin, changing nothing', async () => {
      const q = await create();
      const spy = vi.spyOn(s.ctx.realtime, 'emitToAll');
      const attempts: [Method, string, unknown?][] = [
        ['POST', '/queue', { name: 'Agent sector', color: '#a1a1a1' }],
        ['PUT', `/queue/${q.id}`, { name: 'Hijacked' }],
        ['DELETE', `/queue/${q.id}`],
      ];
      for (const [method, url, payload] of attempts) {
        const res = await api(method, url, agent.token, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error).toBe('ERR_NO_PERMISSION');
      }
      expect((await api('GET', `/queue/${q.id}`, agent.token)).json()).toEqual(q);
      expect((await api('GET', '/queue', agent.token)).json().some((x: QueueDTO) => x.name === 'Agent sector')).toBe(false);
      expect(spy).not.toHaveBeenCalled();
    });

    it('lets any signed-in user read sectors', async () => {
      const q = await create();
      expect((await api('GET', '/queue', agent.token)).statusCode).toBe(200);
      expect((await api('GET', `/queue/${q.id}`, agent.token)).json()).toEqual(q);
    });
  });

  describe('create and edit', () => {
    it('creates with the default hours 08:00–18:00 and empty messages, and announces it', async () => {
      const spy = vi.spyOn(s.ctx.realtime, 'emitToAll');
      const res = await api('POST', '/queue', s.adminToken, { name: ' Support ', color: 'blue', startWork: '' });
      expect(res.statusCode).toBe(201);
      const q = res.json();
      expect(q).toMatchObject({
        name: 'Support',
        color: 'blue',
        greetingMessage: '',
        absenceMessage: '',
        startWork: '08:00',
        endWork: '18:00',
      });
      expect(spy).toHaveBeenCalledWith(EVENTS.queue, { action: 'create', queue: q });
    });

    it('stores every field and updates a part of them', async () => {
      const q = await create({
        greetingMessage: 'Welcome to billing',
        absenceMessage: 'We are closed',
        startWork: '09:00',
        endWork: '17:30',
      });
      expect(q).toMatchObject({
        greetingMessage: 'Welcome to billing',
        absenceMessage: 'We are closed',
        startWork: '09:00',
        endWork: '17:30',
      });
      const spy = vi.spyOn(s.ctx.realtime, 'emitToAll');
      const res = await api('PUT', `/queue/${q.id}`, s.adminToken, { name: 'Billing renamed', endWork: '' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ...q, name: 'Billing renamed', endWork: '18:00', updatedAt: expect.any(String) });
      expect(spy).toHaveBeenCalledWith(EVENTS.queue, { action: 'update', queue: res.json() });
    });

    const cases: [string, Record<string, unknown>, string, string][] = [
      ['missing name', { color: '#aaaaaa' }, 'body.name', 'Required'],
      ['short name', { name: 'A', color: '#aaaaaa' }, 'body.name', 'Too Short!'],
      ['long name', { name: 'A'.repeat(51), color: '#aaaaaa' }, 'body.name', 'Too Long!'],
      ['missing color', { name: 'Valid' }, 'body.color', 'Required'],
      ['short color', { name: 'Valid', color: 'ab' }, 'body.color', 'Too Short!'],
      ['long color', { name: 'Valid', color: '#aabbccdde' + 'f' }, 'body.color', 'Too Long!'],
      ['bad start', { name: 'Valid', color: '#aaaaaa', startWork: '25:00' }, 'body.startWork', 'Invalid time'],
      ['bad end', { name: 'Valid', color: '#aaaaaa', endWork: '8h' }, 'body.endWork', 'Invalid time'],
    ];
    it.each(cases)('POST /queue with %s → 400 with the message', async (_label, payload, path, message) => {
      fieldError(await api('POST', '/queue', s.adminToken, payload), path, message);
    });

    it('keeps the menu position an admin gives, lists by it, and refuses one out of range', async () => {
      const last = await create({ name: 'Aaa unpositioned' });
      const second = await create({ orderQueue: 2 });
      const first = await create({ orderQueue: '1' });
      expect(first.orderQueue).toBe(1);
      expect(last.orderQueue).toBeNull();
      const ids = (await api('GET', '/queue', agent.token)).json<QueueDTO[]>().map((q) => q.id);
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(last.id));
      fieldError(await api('PUT', `/queue/${second.id}`, s.adminToken, { orderQueue: 0 }), 'body.orderQueue', 'Invalid value');
      expect((await api('PUT', `/queue/${second.id}`, s.adminToken, { orderQueue: null })).json().orderQueue).toBeNull();
      expect((await api('PUT', `/queue/${second.id}`, agent.token, { orderQueue: 3 })).statusCode).toBe(403);
    });

    it('PUT validates the same way', async () => {
      const q = await create();
      fieldError(await api('PUT', `/queue/${q.id}`, s.adminToken, { color: 'ab' }), 'body.color', 'Too Short!');
      fieldError(await api('PUT', `/queue/${q.id}`, s.adminToken, { startWork: '7:00' }), 'body.startWork', 'Invalid time');
    });

    it('refuses a colour in use, regardless of case, with ERR_QUEUE_COLOR_ALREADY_EXISTS', async () => {
      const a = await create({ color: '#ABCDEF' });
      const b = await create();
      const dup = await api('POST', '/queue', s.adminToken, { name: 'Another', color: '#abcdef' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
      const dupUpd = await api('PUT', `/queue/${b.id}`, s.adminToken, { color: '#AbCdEf' });
      expect(dupUpd.statusCode).toBe(409);
      expect(dupUpd.json().error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
      expect((await api('PUT', `/queue/${a.id}`, s.adminToken, { color: '#ABCDEF' })).statusCode).toBe(200);
    });

    it('refuses a name in use, regardless of case, with a clear 409', async () => {
      await create({ name: 'Unique Sector' });
      const dup = await api('POST', '/queue', s.adminToken, { name: 'unique sector', color: '#fedcba' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ error: 'ERR_VALIDATION', message: 'A sector with this name already exists' });
    });

    it('GET/PUT/DELETE of a missing sector → 404; bad ids → 400', async () => {
      for (const [method, payload] of [['GET'], ['PUT', { name: 'Valid' }], ['DELETE']] as [Method, unknown?][]) {
        const res = await api(method, '/queue/999999', s.adminToken, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('ERR_NOT_FOUND');
      }
      for (const url of ['/queue/abc', '/queue/0', '/queue/99999999999']) {
        expect((await api('GET', url, s.adminToken)).statusCode).toBe(400);
      }
      expect((await api('POST', '/queue', s.adminToken, { name: ['x'], color: 5 })).statusCode).toBe(400);
    });
  });

  it('lists every sector by menu position, then by name (case-insensitive), then id', async () => {
    await create({ name: 'zeta sector' });
    await create({ name: 'Alpha sector' });
    await create({ name: 'beta sector' });
    const list = (await api('GET', '/queue', agent.token)).json<QueueDTO[]>();
    const position = (q: QueueDTO) => q.orderQueue ?? Number.MAX_SAFE_INTEGER;
    const sorted = [...list].sort(
      (a, b) => position(a) - position(b) || a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id,
    );
    expect(list.map((q) => q.id)).toEqual(sorted.map((q) => q.id));
    expect(list.length).toBeGreaterThanOrEqual(3);
  });

  it('deleting a sector unlinks it from users and connections and leaves its tickets without sector', async () => {
    const q = await create();
    const other = await create();
    const member = await s.createUser({ queueIds: [q.id, other.id] });
    const [w] = await s.database.db
      .insert(whatsapps)
      .values({ name: `Line ${Date.now()}`, defaultQueueId: q.id })
      .returning();
    await s.database.db.insert(whatsappQueues).values([
      { whatsappId: w.id, queueId: q.id },
      { whatsappId: w.id, queueId: other.id },
    ]);
    const [c] = await s.database.db.insert(contacts).values({ name: 'Ticket owner', number: '5541999998888' }).returning();
    const [t] = await s.database.db
      .insert(tickets)
      .values({ contactId: c.id, whatsappId: w.id, queueId: q.id, status: 'pending' })
      .returning();
    await s.database.db.insert(ticketCycles).values({ ticketId: t.id, queueId: q.id });
    const emitAll = vi.spyOn(s.ctx.realtime, 'emitToAll');
    const sync = vi.spyOn(s.ctx.realtime, 'syncUser');

    const res = await api('DELETE', `/queue/${q.id}`, s.adminToken);
    expect(res.statusCode).toBe(200);

    const [ticket] = await s.database.db.select().from(tickets).where(eq(tickets.id, t.id));
    expect(ticket).toMatchObject({ id: t.id, queueId: null, status: 'pending' });
    const [cycle] = await s.database.db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, t.id));
    expect(cycle.queueId).toBeNull();
    expect((await s.database.db.select().from(userQueues).where(eq(userQueues.userId, member.id))).map((r) => r.queueId)).toEqual([
      other.id,
    ]);
    expect((await s.database.db.select().from(whatsappQueues).where(eq(whatsappQueues.whatsappId, w.id))).map((r) => r.queueId)).toEqual([
      other.id,
    ]);
    const [line] = await s.database.db.select().from(whatsapps).where(eq(whatsapps.id, w.id));
    expect(line.defaultQueueId).toBeNull();
    expect((await api('GET', `/users/${member.id}`, s.adminToken)).json().queues.map((x: { id: number }) => x.id)).toEqual([other.id]);

    expect(emitAll).toHaveBeenCalledWith(EVENTS.queue, { action: 'delete', queueId: q.id });
    expect(sync).toHaveBeenCalledWith(member.id);
    expect((await api('GET', `/queue/${q.id}`, s.adminToken)).statusCode).toBe(404);
  });
});
