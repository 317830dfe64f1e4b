import { EVENTS, PAGE_SIZE, type TagDTO } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactTags, tags } from '../../db/schema.js';
import { factories } from '../../test/factories.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { apiCaller, expectFieldError, type Method } from '../../test/http.js';

describe('tags', () => {
  let s: TestServer;
  let agent: { id: number; token: string };
  let adminId: number;
  let seq = 0;

  const api = apiCaller(() => s);

  const createTag = async (name = `Tag ${++seq}`, color = '#abcdef'): Promise<TagDTO> => {
    const res = await api('POST', '/tags', s.adminToken, { name, color });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const createContact = (name?: string) => factories(s).contact(name ? { name } : {});
  const contactTagIds = async (contactId: number) =>
    (await s.database.db.select().from(contactTags).where(eq(contactTags.contactId, contactId))).map((r) => r.tagId).sort((a, b) => a - b);

  const fieldError = expectFieldError;

  beforeAll(async () => {
    s = await createTestServer();
    agent = await s.createUser();
    adminId = (await api('GET', '/auth/me', s.adminToken)).json().id;
  });
  afterAll(() => s.stop());
  afterEach(() => vi.restoreAllMocks());

  describe('access', () => {
    const routes: [Method, string, unknown?][] = [
      ['GET', '/tags/list'],
      ['GET', '/tags'],
      ['GET', '/tags/export'],
      ['GET', '/tags/1'],
      ['POST', '/tags', { name: 'Nobody', color: '#000000' }],
      ['PUT', '/tags/1', { name: 'Nobody', color: '#000000' }],
      ['DELETE', '/tags/1'],
      ['DELETE', '/tags'],
      ['POST', '/tags/sync', { contactId: 1, tags: [] }],
    ];
    it.each(routes)('%s %s without a token → 401', async (method, url, payload) => {
      const res = await api(method, url, null, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('ERR_SESSION_EXPIRED');
    });

    it('refuses tag delete, delete-all and the export to a non-admin, changing nothing', async () => {
      const t = await createTag();
      for (const [method, url] of [
        ['DELETE', `/tags/${t.id}`],
        ['DELETE', '/tags'],
        ['GET', '/tags/export'],
      ] as [Method, string][]) {
        const res = await api(method, url, agent.token);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error).toBe('ERR_NO_PERMISSION');
      }
      expect((await api('GET', `/tags/${t.id}`, agent.token)).statusCode).toBe(200);
    });

    it('lets any signed-in user list, read, create and edit tags', async () => {
      const res = await api('POST', '/tags', agent.token, { name: 'Agent tag', color: '#123456' });
      expect(res.statusCode).toBe(201);
      const id = res.json().id;
      expect((await api('PUT', `/tags/${id}`, agent.token, { name: 'Agent tag 2', color: '#654321' })).statusCode).toBe(200);
      expect((await api('GET', `/tags/${id}`, agent.token)).json()).toMatchObject({ name: 'Agent tag 2', color: '#654321' });
      expect((await api('GET', '/tags', agent.token)).statusCode).toBe(200);
      expect((await api('GET', '/tags/list', agent.token)).statusCode).toBe(200);
    });
  });

  describe('create and edit', () => {
    it('creates a tag owned by the caller whatever userId is sent, and announces it', async () => {
      const spy = vi.spyOn(s.ctx.realtime, 'emitToAll');
      const res = await api('POST', '/tags', agent.token, { name: '  Hot lead ', color: 'FF00AA', userId: adminId });
      expect(res.statusCode).toBe(201);
      const t = res.json();
      expect(t).toMatchObject({ name: 'Hot lead', color: '#ff00aa', userId: agent.id, contactsCount: 0 });
      expect(spy).toHaveBeenCalledWith(EVENTS.tags, { action: 'create', tag: t });
    });

    const cases: [string, Record<string, unknown>, string, string][] = [
      ['missing name', { color: '#000000' }, 'body.name', 'Obrigatório'],
      ['empty name', { name: '  ', color: '#000000' }, 'body.name', 'Obrigatório'],
      ['short name', { name: 'ab', color: '#000000' }, 'body.name', 'Mensagem muito curta'],
      ['missing color', { name: 'Valid' }, 'body.color', 'Obrigatório'],
      ['named color', { name: 'Valid', color: 'red' }, 'body.color', 'Cor inválida'],
      ['color with alpha', { name: 'Valid', color: '#ff000080' }, 'body.color', 'Cor inválida'],
    ];
    it.each(cases)('POST /tags with %s → 400 with the message', async (_label, payload, path, message) => {
      fieldError(await api('POST', '/tags', agent.token, payload), path, message);
    });

    it('PUT validates the same way and updates, announcing it', async () => {
      const t = await createTag();
      fieldError(await api('PUT', `/tags/${t.id}`, agent.token, { name: 'ab', color: '#000000' }), 'body.name', 'Mensagem muito curta');
      const spy = vi.spyOn(s.ctx.realtime, 'emitToAll');
      const res = await api('PUT', `/tags/${t.id}`, agent.token, { name: 'Renamed tag', color: '#0f0' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: t.id, name: 'Renamed tag', color: '#0f0', userId: adminId });
      expect(spy).toHaveBeenCalledWith(EVENTS.tags, { action: 'update', tag: res.json() });
    });

    it('refuses a name that exists, regardless of case, with 409', async () => {
      const t = await createTag('Unique Name');
      const dup = await api('POST', '/tags', agent.token, { name: 'unique name', color: '#000000' });
      expect(dup.statusCode).toBe(409);
      const other = await createTag('Other Name');
      const dup2 = await api('PUT', `/tags/${other.id}`, agent.token, { name: 'UNIQUE NAME', color: '#000000' });
      expect(dup2.statusCode).toBe(409);
      expect((await api('GET', `/tags/${t.id}`, agent.token)).json().name).toBe('Unique Name');
    });

    it('GET/PUT/DELETE of a missing tag → 404 ERR_NO_TAG_FOUND', async () => {
      for (const [method, payload] of [['GET'], ['PUT', { name: 'Valid', color: '#000000' }], ['DELETE']] as [Method, unknown?][]) {
        const res = await api(method, '/tags/999999', s.adminToken, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('ERR_NO_TAG_FOUND');
      }
    });

    it.each([
      ['GET', '/tags/abc'],
      ['GET', '/tags/99999999999'],
      ['DELETE', '/tags/0'],
      ['GET', '/tags?pageNumber=-1'],
      ['GET', '/tags?pageNumber=x'],
    ] as [Method, string][])('%s %s → 400, not 500', async (method, url) => {
      const res = await api(method, url, s.adminToken);
      expect(res.statusCode).toBe(400);
    });
  });

  describe('lists', () => {
    it('pages with contacts counts, stable name order, hasMore and count; search escapes wildcards', async () => {
      const marker = `Pg${Date.now()}`;
      const made: TagDTO[] = [];
      for (let i = PAGE_SIZE + 3; i > 0; i--) made.push(await createTag(`${marker} ${String(i).padStart(2, '0')}`));
      const c1 = await createContact();
      const c2 = await createContact();
      const first = made.find((t) => t.name === `${marker} 01`)!;
      await s.database.db.insert(contactTags).values([
        { contactId: c1.id, tagId: first.id },
        { contactId: c2.id, tagId: first.id },
      ]);
      const p1 = (await api('GET', `/tags?searchParam=${marker.toLowerCase()}`, agent.token)).json();
      const p2 = (await api('GET', `/tags?searchParam=${marker}&pageNumber=2`, agent.token)).json();
      expect(p1).toMatchObject({ hasMore: true, count: PAGE_SIZE + 3 });
      expect(p1.tags).toHaveLength(PAGE_SIZE);
      expect(p2).toMatchObject({ hasMore: false, count: PAGE_SIZE + 3 });
      expect(p2.tags).toHaveLength(3);
      const names = [...p1.tags, ...p2.tags].map((t: TagDTO) => t.name);
      expect(names).toEqual(made.map((t) => t.name).sort());
      expect(p1.tags[0]).toMatchObject({ id: first.id, contactsCount: 2 });
      expect(p1.tags[1].contactsCount).toBe(0);

      const pct = await createTag('Discount 100%');
      await createTag('Discount 1000');
      const found = (await api('GET', `/tags?searchParam=${encodeURIComponent('100%')}`, agent.token)).json();
      expect(found.tags.map((t: TagDTO) => t.id)).toEqual([pct.id]);
    });

    it('GET /tags/list answers every tag with its contacts count', async () => {
      const t = await createTag('Listed tag');
      const c = await createContact();
      await s.database.db.insert(contactTags).values({ contactId: c.id, tagId: t.id });
      const res = await api('GET', '/tags/list', agent.token);
      expect(res.statusCode).toBe(200);
      const list = res.json<TagDTO[]>();
      const n = await s.database.db.$count(tags);
      expect(list).toHaveLength(n);
      expect(list.find((x) => x.id === t.id)).toMatchObject({ name: 'Listed tag', contactsCount: 1 });
      const sorted = [...list].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id);
      expect(list.map((x) => x.id)).toEqual(sorted.map((x) => x.id));
    });
  });

  describe('sync', () => {
    it('replaces the contact tag list (ids or objects), answers it and announces contact and counts', async () => {
      const [a, b, c] = [await createTag(), await createTag(), await createTag()];
      const contact = await createContact();
      const first = await api('POST', '/tags/sync', agent.token, { contactId: contact.id, tags: [{ id: a.id, name: a.name }, b.id] });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        contactId: contact.id,
        tags: [a, b].map(({ id, name, color }) => ({ id, name, color })).sort((x, y) => x.name.localeCompare(y.name)),
      });
      const spy = vi.spyOn(s.ctx.realtime, 'emitToAll');
      const second = await api('POST', '/tags/sync', agent.token, { contactId: contact.id, tags: [{ id: b.id }, { id: c.id }] });
      expect(second.statusCode).toBe(200);
      expect(await contactTagIds(contact.id)).toEqual([b.id, c.id].sort((x, y) => x - y));
      expect(spy).toHaveBeenCalledWith(EVENTS.contact, {
        action: 'update',
        contact: expect.objectContaining({ id: contact.id, tags: second.json().tags }),
      });
      expect(spy).toHaveBeenCalledWith(EVENTS.tags, { action: 'update', tag: expect.objectContaining({ id: a.id, contactsCount: 0 }) });
      expect(spy).toHaveBeenCalledWith(EVENTS.tags, { action: 'update', tag: expect.objectContaining({ id: c.id, contactsCount: 1 }) });
      const cleared = await api('POST', '/tags/sync', agent.token, { contactId: contact.id, tags: [] });
      expect(cleared.json().tags).toEqual([]);
      expect(await contactTagIds(contact.id)).toEqual([]);
    });

    it('a non-admin with isRemoveTags disabled may add but not remove; the flag is read from the users table', async () => {
      const limited = await s.createUser();
      const [a, b] = [await createTag(), await createTag()];
      const contact = await createContact();
      // Disabled after sign-in: must take effect at once.
      expect((await api('PUT', `/users/${limited.id}`, s.adminToken, { isRemoveTags: 'desabled' })).statusCode).toBe(200);
      expect((await api('POST', '/tags/sync', limited.token, { contactId: contact.id, tags: [{ id: a.id }] })).statusCode).toBe(200);
      expect(
        (await api('POST', '/tags/sync', limited.token, { contactId: contact.id, tags: [{ id: a.id }, { id: b.id }] })).statusCode,
      ).toBe(200);
      const removal = await api('POST', '/tags/sync', limited.token, { contactId: contact.id, tags: [{ id: b.id }] });
      expect(removal.statusCode).toBe(403);
      expect(removal.json().error).toBe('ERR_NO_PERMISSION');
      expect(await contactTagIds(contact.id)).toEqual([a.id, b.id].sort((x, y) => x - y));
      // Admins and users with the flag enabled may remove.
      expect((await api('POST', '/tags/sync', s.adminToken, { contactId: contact.id, tags: [{ id: b.id }] })).statusCode).toBe(200);
      expect((await api('PUT', `/users/${limited.id}`, s.adminToken, { isRemoveTags: 'enabled' })).statusCode).toBe(200);
      expect((await api('POST', '/tags/sync', limited.token, { contactId: contact.id, tags: [] })).statusCode).toBe(200);
      expect(await contactTagIds(contact.id)).toEqual([]);
    });

    it('unknown contact → ERR_NO_CONTACT_FOUND, unknown tag → ERR_NO_TAG_FOUND (nothing changes), bad input → 400', async () => {
      const t = await createTag();
      const contact = await createContact();
      const noContact = await api('POST', '/tags/sync', agent.token, { contactId: 999999, tags: [{ id: t.id }] });
      expect(noContact.statusCode).toBe(404);
      expect(noContact.json().error).toBe('ERR_NO_CONTACT_FOUND');
      const noTag = await api('POST', '/tags/sync', agent.token, { contactId: contact.id, tags: [{ id: t.id }, { id: 999999 }] });
      expect(noTag.statusCode).toBe(404);
      expect(noTag.json().error).toBe('ERR_NO_TAG_FOUND');
      expect(await contactTagIds(contact.id)).toEqual([]);
      for (const payload of [
        { contactId: 'abc', tags: [] },
        { contactId: contact.id },
        { contactId: contact.id, tags: 'x' },
        { contactId: contact.id, tags: [{ name: 'no id' }] },
        { contactId: 99999999999, tags: [] },
      ]) {
        expect((await api('POST', '/tags/sync', agent.token, payload)).statusCode).toBe(400);
      }
    });
  });

  describe('delete and export', () => {
    it('exports tagName;contactName;contactNumber as CSV for admins', async () => {
      const t = await createTag('Export tag');
      const c1 = await createContact('Ana; "quoted"');
      const c2 = await createContact('+cmd|calc');
      await s.database.db.insert(contactTags).values([
        { contactId: c1.id, tagId: t.id },
        { contactId: c2.id, tagId: t.id },
      ]);
      const res = await api('GET', '/tags/export', s.adminToken);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      expect(res.headers['content-disposition']).toContain('tags.csv');
      expect(res.body.startsWith('\uFEFFtagName;contactName;contactNumber\r\n')).toBe(true);
      expect(res.body).toContain(`Export tag;'+cmd|calc;${c2.number}\r\nExport tag;"Ana; ""quoted""";${c1.number}\r\n`);
    });

    it('deletes a tag, unlinking it from contacts, and announces it', async () => {
      const t = await createTag();
      const c = await createContact();
      await s.database.db.insert(contactTags).values({ contactId: c.id, tagId: t.id });
      const spy = vi.spyOn(s.ctx.realtime, 'emitToAll');
      const res = await api('DELETE', `/tags/${t.id}`, s.adminToken);
      expect(res.statusCode).toBe(200);
      expect(await contactTagIds(c.id)).toEqual([]);
      expect((await api('GET', `/tags/${t.id}`, s.adminToken)).statusCode).toBe(404);
      expect(spy).toHaveBeenCalledWith(EVENTS.tags, { action: 'delete', tagId: t.id });
    });

    it('DELETE /tags removes every tag and announces it once', async () => {
      await createTag();
      const before = (await api('GET', '/tags/list', s.adminToken)).json().length;
      const spy = vi.spyOn(s.ctx.realtime, 'emitToAll');
      const res = await api('DELETE', '/tags', s.adminToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Tags deleted', count: before });
      expect((await api('GET', '/tags/list', s.adminToken)).json()).toEqual([]);
      expect(await s.database.db.select().from(contactTags)).toEqual([]);
      expect(spy.mock.calls).toEqual([[EVENTS.tags, { action: 'delete', all: true }]]);
    });
  });
});
