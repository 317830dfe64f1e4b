import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';

const ALL_KEYS = [
  'closeTicketApi',
  'call',
  'sideMenu',
  'ASC',
  'created',
  'timeCreateNewTicket',
  'userApiToken',
  'darkMode',
  'userCreation',
  'CheckMsgIsGroup',
  'allTicket',
  'timeSendQueue',
  'ratingWindow',
  'timezone',
  'language',
];

type Setting = { key: string; value: string };

describe('settings', () => {
  let s: TestServer;
  let agent: Awaited<ReturnType<TestServer['createUser']>>;

  const get = (url: string, token: string) => s.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  const put = (key: string, value: unknown, token: string) =>
    s.app.inject({ method: 'PUT', url: `/api/settings/${key}`, headers: bearer(token), payload: { value } as object });
  const valueOf = async (key: string) => (await get('/settings', s.adminToken)).json<Setting[]>().find((x) => x.key === key)?.value;

  beforeAll(async () => {
    s = await createTestServer();
    agent = await s.createUser();
  });
  afterAll(() => s.stop());

  it('seeds every key with its default', async () => {
    const res = await get('/settings', s.adminToken);
    expect(res.statusCode).toBe(200);
    const list = res.json<Setting[]>();
    expect(list.map((x) => x.key).sort()).toEqual([...ALL_KEYS].sort());
    const byKey = Object.fromEntries(list.map((x) => [x.key, x.value]));
    expect(byKey).toMatchObject({
      userCreation: 'disabled',
      language: 'pt',
      darkMode: 'disabled',
      allTicket: 'disabled',
      call: 'enabled',
      sideMenu: 'enabled',
    });
    expect(Number(byKey.timeCreateNewTicket)).toBeGreaterThan(0);
    expect(byKey.userApiToken.length).toBeGreaterThanOrEqual(16);
    expect(() => new Intl.DateTimeFormat('en', { timeZone: byKey.timezone })).not.toThrow();
  });

  it('seeding again (a restart) keeps changed values', async () => {
    expect((await put('darkMode', 'enabled', s.adminToken)).statusCode).toBe(200);
    const token = await valueOf('userApiToken');
    await s.services.settings.init();
    expect(await valueOf('darkMode')).toBe('enabled');
    expect(await valueOf('userApiToken')).toBe(token);
    await put('darkMode', 'disabled', s.adminToken);
  });

  it('a non-admin reads every setting but the API token', async () => {
    const res = await get('/settings', agent.token);
    expect(res.statusCode).toBe(200);
    const keys = res.json<Setting[]>().map((x) => x.key);
    expect(keys).not.toContain('userApiToken');
    expect(keys.sort()).toEqual(ALL_KEYS.filter((k) => k !== 'userApiToken').sort());
    expect(JSON.stringify(res.json())).not.toContain((await valueOf('userApiToken'))!);

    const one = await get('/settings/userApiToken', agent.token);
    expect(one.statusCode).toBe(403);
    expect(one.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    const other = await get('/settings/darkMode', agent.token);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ key: 'darkMode', value: 'disabled' });
    const admin = await get('/settings/userApiToken', s.adminToken);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().value).toBe(await valueOf('userApiToken'));
  });

  it('requires a token', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(401);
  });

  it('an admin updates a setting and the change is read back', async () => {
    const res = await put('timeCreateNewTicket', '300', s.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: 'timeCreateNewTicket', value: '300' });
    expect(await valueOf('timeCreateNewTicket')).toBe('300');
    expect((await put('timezone', 'America/Sao_Paulo', s.adminToken)).statusCode).toBe(200);
    expect(await valueOf('timezone')).toBe('America/Sao_Paulo');
  });

  it('a non-admin cannot update any setting', async () => {
    for (const [key, value] of [
      ['darkMode', 'enabled'],
      ['userCreation', 'enabled'],
      ['userApiToken', 'x'.repeat(32)],
      ['allTicket', 'enabled'],
    ]) {
      const before = await valueOf(key);
      const res = await put(key, value, agent.token);
      expect(res.statusCode, key).toBe(403);
      expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
      expect(await valueOf(key)).toBe(before);
    }
  });

  it.each([
    ['darkMode', 'maybe'],
    ['call', ''],
    ['timeCreateNewTicket', '7'],
    ['timeCreateNewTicket', 'abc'],
    ['timeSendQueue', '-1'],
    ['ratingWindow', '999999'],
    ['timezone', 'Mars/Olympus_Mons'],
    ['language', 'fr'],
    ['userApiToken', 'short'],
  ])('refuses %s = %j with 400 and a message, changing nothing', async (key, value) => {
    const before = await valueOf(key);
    const res = await put(key, value, s.adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('ERR_VALIDATION');
    expect(res.json().message).toEqual(expect.any(String));
    expect(await valueOf(key)).toBe(before);
  });

  it('refuses a body without a string value', async () => {
    for (const payload of [{}, { value: 5 }, { value: null }]) {
      const res = await s.app.inject({ method: 'PUT', url: '/api/settings/darkMode', headers: bearer(s.adminToken), payload });
      expect(res.statusCode).toBe(400);
    }
  });

  it('answers 404 ERR_NO_SETTING_FOUND for an unknown key', async () => {
    const put404 = await put('noSuchKey', 'enabled', s.adminToken);
    expect(put404.statusCode).toBe(404);
    expect(put404.json()).toEqual({ error: 'ERR_NO_SETTING_FOUND' });
    const get404 = await get('/settings/noSuchKey', s.adminToken);
    expect(get404.statusCode).toBe(404);
    expect(get404.json()).toEqual({ error: 'ERR_NO_SETTING_FOUND' });
    // Keys that exist on every object are not settings.
    for (const key of ['constructor', '__proto__', 'toString']) {
      const res = await put(key, 'enabled', s.adminToken);
      expect(res.statusCode, key).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, key).toBeLessThan(500);
    }
  });

  it('regenerates the API token (admins only)', async () => {
    const before = await valueOf('userApiToken');
    const denied = await s.app.inject({ method: 'POST', url: '/api/settings/userApiToken/regenerate', headers: bearer(agent.token) });
    expect(denied.statusCode).toBe(403);
    expect(await valueOf('userApiToken')).toBe(before);

    const res = await s.app.inject({ method: 'POST', url: '/api/settings/userApiToken/regenerate', headers: bearer(s.adminToken) });
    expect(res.statusCode).toBe(200);
    const next = res.json().value;
    expect(next).toEqual(expect.any(String));
    expect(next.length).toBeGreaterThanOrEqual(16);
    expect(next).not.toBe(before);
    expect(await valueOf('userApiToken')).toBe(next);
  });
});
