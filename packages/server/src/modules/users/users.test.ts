import { PAGE_SIZE } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queues, whatsapps } from '../../db/schema.js';
import { ADMIN_EMAIL, bearer, createTestServer, type TestServer } from '../../test/harness.js';

describe('users', () => {
  let s: TestServer;
  let adminId: number;
  let q1: number;
  let q2: number;
  let w1: number;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    s.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

  beforeAll(async () => {
    s = await createTestServer();
    adminId = (await api('GET', '/auth/me', s.adminToken)).json().id;
    const rows = await s.database.db
      .insert(queues)
      .values([
        { name: 'Sales', color: '#ff0000' },
        { name: 'Billing', color: '#00ff00' },
      ])
      .returning({ id: queues.id });
    [q1, q2] = rows.map((r) => r.id);
    [{ id: w1 }] = await s.database.db.insert(whatsapps).values({ name: 'Main line' }).returning({ id: whatsapps.id });
  });
  afterAll(() => s.stop());

  describe('validation (spec §5 messages)', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['missing name', { email: 'v1@test.local', password: 'secret1' }, 'name', 'Required'],
      ['blank name', { name: '   ', email: 'v1@test.local', password: 'secret1' }, 'name', 'Required'],
      ['short name', { name: 'A', email: 'v1@test.local', password: 'secret1' }, 'name', 'Too Short!'],
      ['long name', { name: 'A'.repeat(51), email: 'v1@test.local', password: 'secret1' }, 'name', 'Too Long!'],
      ['missing e-mail', { name: 'Val', password: 'secret1' }, 'email', 'Required'],
      ['bad e-mail', { name: 'Val', email: 'not-an-email', password: 'secret1' }, 'email', 'Invalid email'],
      ['missing password', { name: 'Val', email: 'v1@test.local' }, 'password', 'Required'],
      ['short password', { name: 'Val', email: 'v1@test.local', password: '1234' }, 'password', 'Too Short!'],
      ['long password', { name: 'Val', email: 'v1@test.local', password: 'p'.repeat(51) }, 'password', 'Too Long!'],
      ['bad work time', { name: 'Val', email: 'v1@test.local', password: 'secret1', startWork: '25:00' }, 'startWork', 'Invalid time'],
    ];
    it.each(cases)('POST /users with %s → 400 with the message', async (_label, payload, field, message) => {
      const res = await api('POST', '/users', s.adminToken, payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error).toBe('ERR_VALIDATION');
      expect(body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: `body.${field}`, message })]));
    });

    it('accepts passwords of exactly 5 and 50 characters', async () => {
      const a = await api('POST', '/users', s.adminToken, { name: 'Five', email: 'five@test.local', password: '12345' });
      expect(a.statusCode).toBe(201);
      const b = await api('POST', '/users', s.adminToken, { name: 'Fifty', email: 'fifty@test.local', password: 'p'.repeat(50) });
      expect(b.statusCode).toBe(201);
      expect(
        (await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'fifty@test.local', password: 'p'.repeat(50) } }))
          .statusCode,
      ).toBe(200);
    });

    it('validates updates with the same messages', async () => {
      const u = await s.createUser();
      const res = await api('PUT', `/users/${u.id}`, s.adminToken, { name: 'A', email: 'bad' });
      expect(res.statusCode).toBe(400);
      const messages = res.json().details.map((d: { message: string }) => d.message);
      expect(messages).toEqual(expect.arrayContaining(['Too Short!', 'Invalid email']));
      const pw = await api('PUT', `/users/${u.id}`, s.adminToken, { password: '123' });
      expect(pw.json().details[0].message).toBe('Too Short!');
    });
  });

  describe('create and read', () => {
    it('creates with the defaults: profile user, flags enabled except allTicket, 00:00–23:59', async () => {
      const res = await api('POST', '/users', s.adminToken, { name: 'Default Dan', email: 'Dan@Test.Local', password: 'secret1' });
      expect(res.statusCode).toBe(201);
      const user = res.json();
      expect(user).toMatchObject({
        name: 'Default Dan',
        email: 'dan@test.local',
        profile: 'user',
        startWork: '00:00',
        endWork: '23:59',
        allHistoric: 'enabled',
        isRemoveTags: 'enabled',
        viewConection: 'enabled',
        viewSector: 'enabled',
        viewName: 'enabled',
        viewTags: 'enabled',
        allTicket: 'desabled',
        campaigns: 'desabled',
        queues: [],
        whatsappId: null,
      });
      expect(JSON.stringify(user).toLowerCase()).not.toContain('password');
      const shown = await api('GET', `/users/${user.id}`, s.adminToken);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toEqual(user);
    });

    it('creates with every field: profile, sectors, default connection, hours and flags in any input form', async () => {
      const res = await api('POST', '/users', s.adminToken, {
        name: 'Full Fay',
        email: 'fay@test.local',
        password: 'secret1',
        profile: 'admin',
        queueIds: [q1, q2],
        whatsappId: w1,
        startWork: '08:00',
        endWork: '17:50',
        allHistoric: 'desabled',
        isRemoveTags: 'disabled',
        viewConection: false,
        allTicket: 'enabled',
        viewTags: true,
      });
      expect(res.statusCode).toBe(201);
      const user = res.json();
      expect(user).toMatchObject({
        profile: 'admin',
        whatsappId: w1,
        whatsapp: { id: w1, name: 'Main line' },
        startWork: '08:00',
        endWork: '17:50',
        allHistoric: 'desabled',
        isRemoveTags: 'desabled',
        viewConection: 'desabled',
        viewSector: 'enabled',
        allTicket: 'enabled',
        viewTags: 'enabled',
      });
      expect(user.queues.map((q: { id: number }) => q.id).sort()).toEqual([q1, q2].sort());
      expect(user.queues[0]).toEqual(expect.objectContaining({ name: expect.any(String), color: expect.any(String) }));
    });

    it('refuses unknown sectors and connections without creating anything', async () => {
      const badQueue = await api('POST', '/users', s.adminToken, {
        name: 'Ghost',
        email: 'ghost@test.local',
        password: 'secret1',
        queueIds: [999999],
      });
      expect(badQueue.statusCode).toBeGreaterThanOrEqual(400);
      expect(badQueue.statusCode).toBeLessThan(500);
      const badConn = await api('POST', '/users', s.adminToken, {
        name: 'Ghost',
        email: 'ghost@test.local',
        password: 'secret1',
        whatsappId: 999999,
      });
      expect(badConn.statusCode).toBe(404);
      expect(badConn.json().error).toBe('ERR_NO_WAPP_FOUND');
      const list = await api('GET', '/users?searchParam=ghost', s.adminToken);
      expect(list.json().count).toBe(0);
    });

    it('refuses a duplicate e-mail (any letter case) with 409', async () => {
      const u = await s.createUser();
      const res = await api('POST', '/users', s.adminToken, { name: 'Twin', email: u.email.toUpperCase(), password: 'secret1' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('ERR_DUPLICATED_EMAIL');
      const other = await s.createUser();
      const upd = await api('PUT', `/users/${other.id}`, s.adminToken, { email: u.email });
      expect(upd.statusCode).toBe(409);
      expect(upd.json().error).toBe('ERR_DUPLICATED_EMAIL');
    });

    it('answers 400 for bad ids and 404 ERR_NO_USER_FOUND for an unknown one', async () => {
      for (const id of ['abc', '-1', '0', '1.5', '3000000000', '99999999999999999999']) {
        for (const method of ['GET', 'PUT', 'DELETE'] as const) {
          const res = await api(method, `/users/${id}`, s.adminToken, method === 'PUT' ? { name: 'Whoever' } : undefined);
          expect(res.statusCode, `${method} ${id}`).toBe(400);
          expect(res.json().error).toBe('ERR_VALIDATION');
        }
      }
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await api(method, '/users/999999', s.adminToken, method === 'PUT' ? { name: 'Whoever' } : undefined);
        expect(res.statusCode, method).toBe(404);
        expect(res.json()).toEqual({ error: 'ERR_NO_USER_FOUND' });
      }
    });

    it('any signed-in user may list and read users', async () => {
      const u = await s.createUser();
      expect((await api('GET', '/users', u.token)).statusCode).toBe(200);
      expect((await api('GET', `/users/${adminId}`, u.token)).statusCode).toBe(200);
    });
  });

  describe('list', () => {
    it('searches by name or e-mail and pages with {users, hasMore, count}', async () => {
      const tag = `pager${Date.now()}`;
      for (let i = 0; i < PAGE_SIZE + 3; i++) {
        const res = await api('POST', '/users', s.adminToken, {
          name: `Zed ${String(i).padStart(2, '0')}`,
          email: `${tag}-${i}@test.local`,
          password: 'secret1',
        });
        expect(res.statusCode).toBe(201);
      }
      const p1 = await api('GET', `/users?searchParam=${tag}&pageNumber=1`, s.adminToken);
      expect(p1.statusCode).toBe(200);
      const b1 = p1.json();
      expect(Object.keys(b1).sort()).toEqual(['count', 'hasMore', 'users']);
      expect(b1.count).toBe(PAGE_SIZE + 3);
      expect(b1.users).toHaveLength(PAGE_SIZE);
      expect(b1.hasMore).toBe(true);
      const p2 = (await api('GET', `/users?searchParam=${tag}&pageNumber=2`, s.adminToken)).json();
      expect(p2.users).toHaveLength(3);
      expect(p2.hasMore).toBe(false);
      const ids = new Set([...b1.users, ...p2.users].map((u: { id: number }) => u.id));
      expect(ids.size).toBe(PAGE_SIZE + 3);
      for (const u of [...b1.users, ...p2.users]) expect(JSON.stringify(u).toLowerCase()).not.toContain('password');

      // Search by name, case-insensitive, and LIKE wildcards are literal.
      const byName = (await api('GET', `/users?searchParam=${encodeURIComponent('zED 07')}`, s.adminToken)).json();
      expect(byName.users.map((u: { name: string }) => u.name)).toContain('Zed 07');
      const wildcard = (await api('GET', `/users?searchParam=${encodeURIComponent('%')}`, s.adminToken)).json();
      expect(wildcard.count).toBe(0);
      const all = (await api('GET', '/users', s.adminToken)).json();
      expect(all.count).toBeGreaterThan(PAGE_SIZE + 3);
    });

    it('answers bad paging with 400, not 500', async () => {
      for (const q of ['pageNumber=abc', 'pageNumber=0', 'pageNumber=-1']) {
        const res = await api('GET', `/users?${q}`, s.adminToken);
        expect(res.statusCode, q).toBe(400);
      }
      const beyond = await api('GET', '/users?pageNumber=500', s.adminToken);
      expect(beyond.statusCode).toBe(200);
      expect(beyond.json()).toMatchObject({ users: [], hasMore: false });
    });
  });

  describe('update', () => {
    it('an admin changes every field, sectors included', async () => {
      const u = await s.createUser({ queueIds: [q1] });
      const res = await api('PUT', `/users/${u.id}`, s.adminToken, {
        name: 'Changed',
        profile: 'admin',
        queueIds: [q2],
        whatsappId: w1,
        startWork: '09:00',
        endWork: '18:00',
        allTicket: 'enabled',
        viewName: 'desabled',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Changed',
        profile: 'admin',
        whatsappId: w1,
        startWork: '09:00',
        endWork: '18:00',
        allTicket: 'enabled',
        viewName: 'desabled',
        viewTags: 'enabled',
      });
      expect(res.json().queues.map((q: { id: number }) => q.id)).toEqual([q2]);
      const cleared = await api('PUT', `/users/${u.id}`, s.adminToken, { queueIds: [] });
      expect(cleared.json().queues).toEqual([]);
    });

    it('keeps fields that are not sent (sectors, default connection, flags)', async () => {
      const u = await s.createUser({ queueIds: [q1], whatsappId: w1, allTicket: 'enabled' });
      const res = await api('PUT', `/users/${u.id}`, s.adminToken, { name: 'Only The Name' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Only The Name', whatsappId: w1, allTicket: 'enabled' });
      expect(res.json().queues.map((q: { id: number }) => q.id)).toEqual([q1]);
      // The default connection can still be cleared explicitly.
      const cleared = await api('PUT', `/users/${u.id}`, s.adminToken, { whatsappId: null });
      expect(cleared.json().whatsappId).toBeNull();
    });

    it('a user may change their own name, e-mail, password and default connection', async () => {
      const u = await s.createUser();
      const email = `self-${Date.now()}@test.local`;
      const res = await api('PUT', `/users/${u.id}`, u.token, { name: 'Myself', email, password: 'newpass', whatsappId: w1 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Myself', email, whatsappId: w1 });
      expect((await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'newpass' } })).statusCode).toBe(
        200,
      );
    });

    it('an admin may change their own profile fields while another admin exists', async () => {
      const a = await s.createUser({ profile: 'admin' });
      const res = await api('PUT', `/users/${a.id}`, a.token, { startWork: '07:00', queueIds: [q1] });
      expect(res.statusCode).toBe(200);
      expect(res.json().startWork).toBe('07:00');
    });
  });

  describe('permissions', () => {
    let agent: Awaited<ReturnType<TestServer['createUser']>>;
    let other: Awaited<ReturnType<TestServer['createUser']>>;
    beforeAll(async () => {
      agent = await s.createUser({ queueIds: [q1] });
      other = await s.createUser();
    });

    it('a non-admin cannot create users', async () => {
      const res = await api('POST', '/users', agent.token, { name: 'Sneaky', email: 'sneaky@test.local', password: 'secret1' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
      expect((await api('GET', '/users?searchParam=sneaky', s.adminToken)).json().count).toBe(0);
    });

    it('a non-admin cannot delete users, not even themselves', async () => {
      for (const id of [other.id, adminId, agent.id]) {
        const res = await api('DELETE', `/users/${id}`, agent.token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
      }
      expect((await api('GET', `/users/${other.id}`, s.adminToken)).statusCode).toBe(200);
    });

    it('a non-admin cannot update another user', async () => {
      const res = await api('PUT', `/users/${other.id}`, agent.token, { name: 'Hijacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
      const adm = await api('PUT', `/users/${adminId}`, agent.token, { password: 'taken-over' });
      expect(adm.statusCode).toBe(403);
      expect((await api('GET', `/users/${other.id}`, s.adminToken)).json().name).not.toBe('Hijacked');
    });

    const adminOnly: [string, Record<string, unknown>][] = [
      ['profile', { profile: 'admin' }],
      ['queueIds', {}], // filled in the test: sectors exist only after beforeAll
      ['startWork', { startWork: '01:00' }],
      ['endWork', { endWork: '22:00' }],
      ['allTicket', { allTicket: 'enabled' }],
      ['allHistoric', { allHistoric: 'desabled' }],
      ['isRemoveTags', { isRemoveTags: 'desabled' }],
      ['viewConection', { viewConection: 'desabled' }],
      ['viewSector', { viewSector: 'desabled' }],
      ['viewName', { viewName: 'desabled' }],
      ['viewTags', { viewTags: 'desabled' }],
    ];
    it.each(adminOnly)('a non-admin cannot change their own %s', async (field, payload) => {
      const body = field === 'queueIds' ? { queueIds: [q2] } : payload;
      const before = (await api('GET', `/users/${agent.id}`, s.adminToken)).json();
      const res = await api('PUT', `/users/${agent.id}`, agent.token, { name: 'Sneaky Name', ...body });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
      const after = (await api('GET', `/users/${agent.id}`, s.adminToken)).json();
      expect(after).toEqual(before);
    });
  });

  describe('own profile sent back unchanged', () => {
    it('a non-admin may send the admin-only fields back with their current values', async () => {
      const u = await s.createUser({ queueIds: [q1, q2], startWork: '00:00', endWork: '23:59' });
      const current = (await api('GET', `/users/${u.id}`, u.token)).json();
      const res = await api('PUT', `/users/${u.id}`, u.token, {
        name: 'Same Same',
        email: current.email,
        profile: current.profile,
        queueIds: [q2, q1],
        startWork: current.startWork,
        endWork: current.endWork,
        allHistoric: current.allHistoric,
        isRemoveTags: current.isRemoveTags,
        viewConection: current.viewConection,
        viewSector: current.viewSector,
        viewName: current.viewName,
        viewTags: current.viewTags,
        allTicket: current.allTicket,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ...current, name: 'Same Same', updatedAt: expect.any(String) });
    });
  });

  describe('delete and the last admin', () => {
    it('deletes a user', async () => {
      const u = await s.createUser({ queueIds: [q1] });
      const res = await api('DELETE', `/users/${u.id}`, s.adminToken);
      expect(res.statusCode).toBe(200);
      expect((await api('GET', `/users/${u.id}`, s.adminToken)).statusCode).toBe(404);
      expect((await api('DELETE', `/users/${u.id}`, s.adminToken)).json()).toEqual({ error: 'ERR_NO_USER_FOUND' });
    });

    it('the last admin can be neither deleted nor demoted', async () => {
      // Demote every other admin so the signed-in admin is the last one.
      const admins = (await api('GET', '/users?pageNumber=1&searchParam=', s.adminToken)).json();
      let page = 1;
      let all = admins.users;
      while ((await api('GET', `/users?pageNumber=${page}`, s.adminToken)).json().hasMore) {
        page++;
        all = all.concat((await api('GET', `/users?pageNumber=${page}`, s.adminToken)).json().users);
      }
      for (const u of all) {
        if (u.profile === 'admin' && u.id !== adminId) {
          expect((await api('DELETE', `/users/${u.id}`, s.adminToken)).statusCode).toBe(200);
        }
      }
      const del = await api('DELETE', `/users/${adminId}`, s.adminToken);
      expect(del.statusCode).toBe(409);
      expect(del.json()).toEqual({ error: 'ERR_LAST_ADMIN' });
      const demote = await api('PUT', `/users/${adminId}`, s.adminToken, { profile: 'user' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toEqual({ error: 'ERR_LAST_ADMIN' });
      const me = (await api('GET', `/users/${adminId}`, s.adminToken)).json();
      expect(me).toMatchObject({ email: ADMIN_EMAIL, profile: 'admin' });

      // With a second admin, the first may step down.
      const second = await s.createUser({ profile: 'admin' });
      const ok = await api('PUT', `/users/${adminId}`, s.adminToken, { profile: 'user' });
      expect(ok.statusCode).toBe(200);
      // Now the second is the last one.
      expect((await api('DELETE', `/users/${second.id}`, second.token)).json()).toEqual({ error: 'ERR_LAST_ADMIN' });
      expect((await api('PUT', `/users/${adminId}`, second.token, { profile: 'admin' })).statusCode).toBe(200);
    });
  });
});

describe('users: attendant limit (USER_LIMIT)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ env: { USER_LIMIT: '3' } });
  });
  afterAll(() => s.stop());

  it('refuses creation beyond the limit with ERR_USER_CREATION_COUNT, by admin and by sign-up', async () => {
    await s.createUser();
    await s.createUser(); // admin + 2 = 3
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(s.adminToken),
      payload: { name: 'One Too Many', email: 'many@test.local', password: 'secret1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_USER_CREATION_COUNT' });

    await s.app.inject({ method: 'PUT', url: '/api/settings/userCreation', headers: bearer(s.adminToken), payload: { value: 'enabled' } });
    const signup = await s.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Walk In', email: 'walkin@test.local', password: 'secret1' },
    });
    expect(signup.json()).toEqual({ error: 'ERR_USER_CREATION_COUNT' });
    expect((await s.app.inject({ method: 'GET', url: '/api/users', headers: bearer(s.adminToken) })).json().count).toBe(3);
  });
});
