import { EVENTS, PAGE_SIZE, QUICK_ANSWER_ROUTES as R, type QuickAnswerDTO } from '@switchboard/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { apiCaller, expectFieldError, routeCaller, type Method } from '../../test/http.js';

describe('quick answers', () => {
  let s: TestServer;
  let agent: { id: number; token: string };
  let seq = 0;

  const api = apiCaller(() => s);
  const call = routeCaller(() => s);

  const create = async (shortcut = `short${++seq}`, message = 'A reasonably long message'): Promise<QuickAnswerDTO> => {
    const res = await call(R.create, s.adminToken, { body: { shortcut, message } });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.answer();
  };
  const search = async (term: string, page = 1) =>
    (await call(R.list, agent.token, { query: { searchParam: term, pageNumber: page } })).answer();

  const fieldError = expectFieldError;

  beforeAll(async () => {
    s = await createTestServer();
    agent = await s.createUser();
  });
  afterAll(() => s.stop());
  afterEach(() => vi.restoreAllMocks());

  describe('access', () => {
    const body = { shortcut: 'hello', message: 'Hello there, friend' };
    const routes: [Method, string, unknown?][] = [
      ['GET', '/quickAnswers'],
      ['GET', '/quickAnswers/1'],
      ['POST', '/quickAnswers', body],
      ['PUT', '/quickAnswers/1', body],
      ['DELETE', '/quickAnswers/1'],
      ['DELETE', '/quickAnswers'],
    ];
    it.each(routes)('%s %s without a token → 401', async (method, url, payload) => {
      const res = await api(method, url, null, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('ERR_SESSION_EXPIRED');
    });

    it('refuses delete and delete-all to a non-admin, changing nothing', async () => {
      const q = await create();
      const one = await api('DELETE', `/quickAnswers/${q.id}`, agent.token);
      expect(one.statusCode).toBe(403);
      expect(one.json().error).toBe('ERR_NO_PERMISSION');
      const all = await api('DELETE', '/quickAnswers', agent.token);
      expect(all.statusCode).toBe(403);
      expect((await api('GET', `/quickAnswers/${q.id}`, agent.token)).statusCode).toBe(200);
    });

    it('lets any signed-in user create, read and edit, announcing each change', async () => {
      const spy = vi.spyOn(s.ctx.realtime, 'emitToAll');
      const created = await call(R.create, agent.token, { body: { shortcut: ' greet ', message: 'Hello {{firstName}}, how can I help?' } });
      expect(created.statusCode).toBe(201);
      const q = created.answer();
      expect(q).toMatchObject({ shortcut: 'greet', message: 'Hello {{firstName}}, how can I help?' });
      expect(spy).toHaveBeenCalledWith(EVENTS.quickAnswer, { action: 'create', quickAnswer: q });
      expect((await call(R.show, agent.token, { params: { id: q.id } })).answer()).toEqual(q);
      const upd = await call(R.update, agent.token, {
        params: { id: q.id },
        body: { shortcut: 'greet2', message: 'Good {{ms}}, {{name}}!' },
      });
      expect(upd.statusCode).toBe(200);
      expect(upd.json()).toMatchObject({ id: q.id, shortcut: 'greet2', message: 'Good {{ms}}, {{name}}!' });
      expect(spy).toHaveBeenCalledWith(EVENTS.quickAnswer, { action: 'update', quickAnswer: upd.json() });
    });
  });

  describe('validation (spec §5 messages)', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['missing shortcut', { message: 'Long enough message' }, 'body.shortcut', 'Required'],
      ['short shortcut', { shortcut: 'a', message: 'Long enough message' }, 'body.shortcut', 'Too Short!'],
      ['long shortcut', { shortcut: 's'.repeat(51), message: 'Long enough message' }, 'body.shortcut', 'Too Long!'],
      ['missing message', { shortcut: 'ok' }, 'body.message', 'Required'],
      ['short message', { shortcut: 'ok', message: '1234567' }, 'body.message', 'Too Short!'],
      ['long message', { shortcut: 'ok', message: 'm'.repeat(30001) }, 'body.message', 'Too Long!'],
      ['message of wrong type', { shortcut: 'ok', message: 12345678 }, 'body.message', 'Required'],
    ];
    it.each(cases)('POST /quickAnswers with %s → 400 with the message', async (_label, payload, path, message) => {
      fieldError(await api('POST', '/quickAnswers', agent.token, payload), path, message);
    });

    it('accepts the limits exactly (2 / 50, 8 / 30000) and validates PUT the same way', async () => {
      expect((await api('POST', '/quickAnswers', agent.token, { shortcut: 'ab', message: '12345678' })).statusCode).toBe(201);
      const q = await api('POST', '/quickAnswers', agent.token, { shortcut: 's'.repeat(50), message: 'm'.repeat(30000) });
      expect(q.statusCode).toBe(201);
      fieldError(
        await api('PUT', `/quickAnswers/${q.json().id}`, agent.token, { shortcut: 'x', message: '12345678' }),
        'body.shortcut',
        'Too Short!',
      );
    });

    it('GET/PUT/DELETE of a missing quick answer → 404', async () => {
      for (const [method, payload] of [['GET'], ['PUT', { shortcut: 'ok', message: '12345678' }], ['DELETE']] as [Method, unknown?][]) {
        const res = await api(method, '/quickAnswers/999999', s.adminToken, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('ERR_NOT_FOUND');
      }
    });

    it.each([
      ['GET', '/quickAnswers/abc'],
      ['GET', '/quickAnswers/99999999999'],
      ['DELETE', '/quickAnswers/-1'],
      ['GET', '/quickAnswers?pageNumber=0'],
      ['GET', '/quickAnswers?pageNumber=1e9'],
    ] as [Method, string][])('%s %s → 400, not 500', async (method, url) => {
      expect((await api(method, url, s.adminToken)).statusCode).toBe(400);
    });
  });

  describe('list and search', () => {
    it('pages by PAGE_SIZE in shortcut order with hasMore and count', async () => {
      const marker = `pg${Date.now()}`;
      for (let i = PAGE_SIZE + 2; i > 0; i--) await create(`${marker}-${String(i).padStart(2, '0')}`);
      const p1 = await search(marker);
      const p2 = await search(marker, 2);
      expect(p1).toMatchObject({ hasMore: true, count: PAGE_SIZE + 2 });
      expect(p1.quickAnswers).toHaveLength(PAGE_SIZE);
      expect(p2).toMatchObject({ hasMore: false, count: PAGE_SIZE + 2 });
      const shortcuts = [...p1.quickAnswers, ...p2.quickAnswers].map((q: QuickAnswerDTO) => q.shortcut);
      expect(shortcuts).toEqual(Array.from({ length: PAGE_SIZE + 2 }, (_, i) => `${marker}-${String(i + 1).padStart(2, '0')}`));
      const big = await api('GET', '/quickAnswers?pageNumber=100000', agent.token);
      expect(big.json()).toMatchObject({ quickAnswers: [], hasMore: false });
    });

    it('matches shortcut or message case-insensitively, shortcut prefixes first (the composer lookup)', async () => {
      const inMessage = await create('aaa-thanks', 'Say ZEBRAFISH to the customer');
      const contains = await create('my-zebrafish', 'Some message text');
      const prefix = await create('zebrafish-hi', 'Another message text');
      await create('unrelated', 'Nothing to see here');
      const res = await search('zebrafish');
      expect(res.quickAnswers.map((q: QuickAnswerDTO) => q.id)).toEqual([prefix.id, inMessage.id, contains.id]);
      expect(res.count).toBe(3);
    });

    it('treats LIKE wildcards as text', async () => {
      const pct = await create('pct', 'You get 20% off today');
      await create('pct2', 'You get 200 off today');
      const under = await create('under_score', 'Message with underscore');
      await create('underXscore', 'Message without it');
      expect((await search('20%')).quickAnswers.map((q: QuickAnswerDTO) => q.id)).toEqual([pct.id]);
      expect((await search('under_')).quickAnswers.map((q: QuickAnswerDTO) => q.id)).toEqual([under.id]);
    });
  });

  describe('delete', () => {
    it('an admin deletes one and then all, each announced', async () => {
      const q = await create();
      const spy = vi.spyOn(s.ctx.realtime, 'emitToAll');
      expect((await call(R.remove, s.adminToken, { params: { id: q.id } })).statusCode).toBe(200);
      expect((await call(R.show, s.adminToken, { params: { id: q.id } })).statusCode).toBe(404);
      expect(spy).toHaveBeenCalledWith(EVENTS.quickAnswer, { action: 'delete', quickAnswerId: q.id });
      const before = (await call(R.list, s.adminToken)).answer().count;
      expect(before).toBeGreaterThan(0);
      const all = await call(R.removeAll, s.adminToken);
      expect(all.answer()).toEqual({ message: 'Quick answers deleted', count: before });
      expect((await call(R.list, s.adminToken)).answer()).toEqual({ quickAnswers: [], hasMore: false, count: 0 });
      expect(spy).toHaveBeenLastCalledWith(EVENTS.quickAnswer, { action: 'delete', all: true });
    });
  });
});
