import { CONTACT_ROUTES as C, CONTACTS_COUNT_CAP, EVENTS, PAGE_SIZE, type ContactDTO, type contactCreateSchema } from '@switchboard/shared';
import type { z } from 'zod';
import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../lib/sql.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contacts, messages, tags, ticketCycles, tickets, whatsapps } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { apiCaller, expectFieldError, type Method } from '../../test/http.js';
import { passThroughNumberChecker } from '../../channels/number-checker.js';

describe('contacts', () => {
  let s: TestServer;
  let agent: { id: number; token: string };
  let seq = 0;

  const api = apiCaller(() => s);
  type ContactPayload = z.input<typeof contactCreateSchema>;

  /** A fresh unique number (12 digits). */
  const nextNumber = () => `5511${String(10_000_000 + ++seq * 7919).padStart(8, '0')}`;

  const createContact = async (fields: Partial<ContactPayload> = {}): Promise<ContactDTO> => {
    const res = await s.call(C.create, s.adminToken, { body: { name: `Contact ${++seq}`, number: nextNumber(), ...fields } });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.answer();
  };

  const fieldError = expectFieldError;

  beforeAll(async () => {
    s = await createTestServer();
    agent = await s.createUser();
    // Numbers as typed; tests that need the channel's answer install their own checker
    // (the real one is covered in contacts-channel.test.ts).
    s.services.contacts.numberChecker = passThroughNumberChecker;
  });
  afterAll(() => s.stop());
  afterEach(() => {
    vi.restoreAllMocks();
    s.services.contacts.numberChecker = passThroughNumberChecker;
  });

  describe('access', () => {
    const routes: [Method, string, unknown?][] = [
      ['GET', '/contacts'],
      ['GET', '/contacts/export'],
      ['GET', '/contacts/1'],
      ['POST', '/contacts', { name: 'Nobody', number: '5511999990000' }],
      ['POST', '/contact', { name: 'Nobody', number: '5511999990000' }],
      ['PUT', '/contacts/1', { name: 'Nobody' }],
      ['DELETE', '/contacts/1'],
      ['DELETE', '/contacts'],
    ];
    it.each(routes)('%s %s without a token → 401', async (method, url, payload) => {
      const res = await api(method, url, null, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('ERR_SESSION_EXPIRED');
    });

    it('refuses deleting a contact to a non-admin (contacts-page:deleteContact) and keeps it', async () => {
      const c = await createContact();
      const res = await s.call(C.remove, agent.token, { params: { id: c.id } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
      expect((await s.call(C.show, agent.token, { params: { id: c.id } })).statusCode).toBe(200);
    });

    it('refuses deleting all contacts and the export to a non-admin', async () => {
      await createContact();
      const del = await s.call(C.removeAll, agent.token);
      expect(del.statusCode).toBe(403);
      expect(del.json().error).toBe('ERR_NO_PERMISSION');
      expect((await s.call(C.list, agent.token)).json().count).toBeGreaterThan(0);
      const exp = await api('GET', '/contacts/export', agent.token);
      expect(exp.statusCode).toBe(403);
    });

    it('lets any signed-in user list, read, create and edit contacts', async () => {
      const created = await api('POST', '/contacts', agent.token, { name: 'By agent', number: nextNumber() });
      expect(created.statusCode).toBe(201);
      const id = created.json().id;
      expect((await s.call(C.show, agent.token, { params: { id } })).json().name).toBe('By agent');
      const upd = await api('PUT', `/contacts/${id}`, agent.token, { name: 'Renamed by agent' });
      expect(upd.statusCode).toBe(200);
      expect(upd.json().name).toBe('Renamed by agent');
      expect((await s.call(C.list, agent.token)).statusCode).toBe(200);
    });
  });

  describe('create', () => {
    it('POST /contacts stores name, number, email, extra info and tags, and announces it', async () => {
      const [tag] = await s.database.db.insert(tags).values({ name: 'VIP customer', color: '#ff0000' }).returning();
      const spy = vi.spyOn(s.ctx.realtime, 'emitToAll');
      const res = await api('POST', '/contacts', agent.token, {
        name: '  Maria Silva ',
        number: '+55 (11) 98888-7777',
        email: 'Maria@Example.com',
        extraInfo: [
          { name: 'CPF', value: '123' },
          { name: 'City', value: 'São Paulo' },
        ],
        tags: [{ id: tag.id, name: 'whatever the client sends' }],
      });
      expect(res.statusCode).toBe(201);
      const c = res.json();
      expect(c).toMatchObject({
        name: 'Maria Silva',
        number: '5511988887777',
        email: 'maria@example.com',
        profilePicUrl: '',
        extraInfo: [
          { id: expect.any(Number), name: 'CPF', value: '123' },
          { id: expect.any(Number), name: 'City', value: 'São Paulo' },
        ],
        tags: [{ id: tag.id, name: 'VIP customer', color: '#ff0000' }],
      });
      // Read back with what the attendant may do to it (deleting is for admins).
      expect(await s.call(C.show, agent.token, { params: { id: c.id } }).then((r) => r.json())).toEqual({
        ...c,
        allowedActions: ['update', 'changeNumber'],
      });
      expect(spy).toHaveBeenCalledWith(EVENTS.contact, { action: 'create', contact: c });
      expect(spy).toHaveBeenCalledWith(EVENTS.tags, { action: 'update', tag: expect.objectContaining({ id: tag.id, contactsCount: 1 }) });
    });

    it('POST /contact strips every non-digit and returns the contact', async () => {
      const spy = vi.spyOn(s.ctx.realtime, 'emitToAll');
      const res = await api('POST', '/contact', agent.token, { name: 'Quick', number: 'tel: 55-21-3333-4444', email: '' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'Quick', number: '552133334444', email: '', extraInfo: [], tags: [] });
      expect(spy).toHaveBeenCalledWith(EVENTS.contact, { action: 'create', contact: res.json() });
    });

    it('refuses a number that already exists with ERR_DUPLICATED_CONTACT on both create routes', async () => {
      const c = await createContact();
      const a = await api('POST', '/contacts', agent.token, { name: 'Twin', number: c.number });
      expect(a.statusCode).toBe(409);
      expect(a.json().error).toBe('ERR_DUPLICATED_CONTACT');
      const formatted = `+${c.number.slice(0, 2)} ${c.number.slice(2)}`;
      const b = await api('POST', '/contact', agent.token, { name: 'Twin', number: formatted });
      expect(b.statusCode).toBe(409);
      expect(b.json().error).toBe('ERR_DUPLICATED_CONTACT');
    });

    it('stores the canonical number given by the NumberChecker and detects duplicates on it', async () => {
      const seen: string[] = [];
      s.services.contacts.numberChecker = {
        check(n) {
          seen.push(n);
          return Promise.resolve(n.startsWith('55') ? n : `55${n}`);
        },
      };
      const a = await api('POST', '/contacts', agent.token, { name: 'Canon', number: '21 5555-1234' });
      expect(a.statusCode).toBe(201);
      expect(a.json().number).toBe('552155551234');
      expect(seen).toEqual(['2155551234']);
      const b = await api('POST', '/contact', agent.token, { name: 'Canon twin', number: '(21) 5555-1234' });
      expect(b.statusCode).toBe(409);
      expect(b.json().error).toBe('ERR_DUPLICATED_CONTACT');
    });

    it('answers ERR_WAPP_INVALID_CONTACT when the checker rejects the number, creating nothing', async () => {
      s.services.contacts.numberChecker = {
        check() {
          return Promise.reject(new AppError('ERR_WAPP_INVALID_CONTACT', 400));
        },
      };
      const number = nextNumber();
      const spy = vi.spyOn(s.ctx.realtime, 'emitToAll');
      for (const url of ['/contacts', '/contact']) {
        const res = await api('POST', url, agent.token, { name: 'Ghost', number });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('ERR_WAPP_INVALID_CONTACT');
      }
      expect(await s.database.db.select().from(contacts).where(eq(contacts.number, number))).toEqual([]);
      expect(spy).not.toHaveBeenCalled();
    });

    it('refuses unknown tags with ERR_NO_TAG_FOUND and creates nothing', async () => {
      const number = nextNumber();
      const res = await api('POST', '/contacts', agent.token, { name: 'Tagged', number, tags: [987654] });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('ERR_NO_TAG_FOUND');
      expect(await s.database.db.select().from(contacts).where(eq(contacts.number, number))).toEqual([]);
    });
  });

  describe('validation (spec §5 messages)', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['missing name', { number: '5511999990001' }, 'body.name', 'Required'],
      ['blank name', { name: '   ', number: '5511999990001' }, 'body.name', 'Required'],
      ['short name', { name: 'A', number: '5511999990001' }, 'body.name', 'Too Short!'],
      ['long name', { name: 'A'.repeat(51), number: '5511999990001' }, 'body.name', 'Too Long!'],
      ['missing number', { name: 'Valid' }, 'body.number', 'Required'],
      ['short number', { name: 'Valid', number: '1234567' }, 'body.number', 'Too Short!'],
      ['long number', { name: 'Valid', number: '1'.repeat(51) }, 'body.number', 'Too Long!'],
      ['letters in number', { name: 'Valid', number: '55119999abcd' }, 'body.number', 'Invalid number'],
      ['bad e-mail', { name: 'Valid', number: '5511999990001', email: 'not-an-email' }, 'body.email', 'Invalid email'],
      [
        'extra info without name',
        { name: 'Valid', number: '5511999990001', extraInfo: [{ value: 'x' }] },
        'body.extraInfo.0.name',
        'Required',
      ],
    ];
    it.each(cases)('POST /contacts with %s → 400 with the message', async (_label, payload, path, message) => {
      fieldError(await api('POST', '/contacts', agent.token, payload), path, message);
    });

    it('POST /contact counts digits only: a formatted short number is too short', async () => {
      fieldError(await api('POST', '/contact', agent.token, { name: 'Valid', number: '(11) 123-45' }), 'body.number', 'Too Short!');
      fieldError(await api('POST', '/contact', agent.token, { name: 'Valid', number: 'no digits' }), 'body.number', 'Required');
      fieldError(
        await api('POST', '/contact', agent.token, { name: 'Valid', number: '5511999990001', email: 'x@' }),
        'body.email',
        'Invalid email',
      );
    });

    it('PUT /contacts/:id validates with the same messages', async () => {
      const c = await createContact();
      fieldError(await api('PUT', `/contacts/${c.id}`, agent.token, { name: 'A' }), 'body.name', 'Too Short!');
      fieldError(await api('PUT', `/contacts/${c.id}`, agent.token, { number: '123' }), 'body.number', 'Too Short!');
      fieldError(await api('PUT', `/contacts/${c.id}`, agent.token, { email: 'bad' }), 'body.email', 'Invalid email');
    });

    it.each([
      ['GET', '/contacts/abc'],
      ['GET', '/contacts/0'],
      ['GET', '/contacts/-3'],
      ['GET', '/contacts/99999999999'],
      ['PUT', '/contacts/1.5'],
      ['DELETE', '/contacts/abc'],
      ['GET', '/contacts?pageNumber=0'],
      ['GET', '/contacts?pageNumber=abc'],
      ['GET', '/contacts?pageNumber=100001'],
      ['GET', '/contacts?searchParam=a&searchParam=b'],
    ] as [Method, string][])('%s %s → 400, not 500', async (method, url) => {
      const res = await api(method, url, s.adminToken, method === 'PUT' ? { name: 'Valid' } : undefined);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('ERR_VALIDATION');
    });

    it('wrong body types → 400', async () => {
      for (const payload of [
        { name: 123, number: '5511999990001' },
        { name: 'Valid', number: 5511999990001 },
        { name: 'Valid', number: '5511999990001', extraInfo: 'x' },
        { name: 'Valid', number: '5511999990001', tags: 'x' },
      ]) {
        const res = await api('POST', '/contacts', agent.token, payload);
        expect(res.statusCode).toBe(400);
      }
    });
  });

  describe('read and list', () => {
    it('GET/PUT/DELETE of a missing contact → 404 ERR_NO_CONTACT_FOUND', async () => {
      for (const [method, payload] of [['GET'], ['PUT', { name: 'Valid' }], ['DELETE']] as [Method, unknown?][]) {
        const res = await api(method, '/contacts/999999', s.adminToken, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('ERR_NO_CONTACT_FOUND');
      }
    });

    it('pages by PAGE_SIZE in name order with a correct hasMore and count, without overlap', async () => {
      const marker = `Pager${Date.now()}`;
      const names = Array.from(
        { length: PAGE_SIZE + 5 },
        (_, i) => `${marker} ${String.fromCharCode(97 + (i % 26))}${String(i).padStart(2, '0')}`,
      );
      for (const name of [...names].reverse()) await createContact({ name: name.slice(0, 50) });
      const p1 = (await api('GET', `/contacts?searchParam=${marker}&pageNumber=1`, agent.token)).json();
      const p2 = (await api('GET', `/contacts?searchParam=${marker}&pageNumber=2`, agent.token)).json();
      const p3 = (await api('GET', `/contacts?searchParam=${marker}&pageNumber=3`, agent.token)).json();
      expect(p1.contacts).toHaveLength(PAGE_SIZE);
      expect(p1).toMatchObject({ hasMore: true, count: PAGE_SIZE + 5 });
      expect(p2.contacts).toHaveLength(5);
      expect(p2).toMatchObject({ hasMore: false, count: PAGE_SIZE + 5 });
      expect(p3).toEqual({ contacts: [], hasMore: false, count: PAGE_SIZE + 5, countCapped: false, nextCursor: null });
      const all = [...p1.contacts, ...p2.contacts].map((c: ContactDTO) => c.name);
      expect(new Set(all).size).toBe(PAGE_SIZE + 5);
      expect(all).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(p1.contacts[0]).toHaveProperty('extraInfo');
      expect(p1.contacts[0]).toHaveProperty('tags');
    });

    it('pages by cursor in name order, ties by id, with no gap or repeat while contacts arrive', async () => {
      const marker = `Keyset${Date.now()}`;
      // Shared names (ties broken by id) and case differences (the order is case-insensitive).
      const names = Array.from({ length: 47 }, (_, i) => `${marker} ${i % 3 === 0 ? 'Same' : i % 2 ? 'b' : 'B'}${String(i % 7)}`);
      for (const name of names) await createContact({ name });
      const expected = rowsOf(
        await s.database.db.execute(sql`select id from contacts where name ilike ${`%${marker}%`} order by lower(name), id`),
      ).map((r) => Number(r.id));
      const seen: number[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 10; page++) {
        const q: string = `/contacts?searchParam=${marker}${cursor ? `&cursor=${cursor}` : ''}`;
        const body = (await api('GET', q, agent.token)).json<{
          contacts: ContactDTO[];
          hasMore: boolean;
          count: number;
          countCapped: boolean;
          nextCursor: string | null;
        }>();
        expect(body).toMatchObject({ count: page === 0 ? 47 : 48, countCapped: false, hasMore: body.nextCursor !== null });
        seen.push(...body.contacts.map((c) => c.id));
        // A contact that arrives before the cursor (in name order) does not shift the pages after it.
        if (page === 0) await createContact({ name: `${marker} A-late` });
        if (!body.nextCursor) break;
        cursor = body.nextCursor;
      }
      expect(seen).toEqual(expected);
      // pageNumber paging stays for existing clients, in the same order.
      const now = rowsOf(
        await s.database.db.execute(sql`select id from contacts where name ilike ${`%${marker}%`} order by lower(name), id`),
      ).map((r) => Number(r.id));
      const p2 = (await api('GET', `/contacts?searchParam=${marker}&pageNumber=2`, agent.token)).json<{ contacts: ContactDTO[] }>();
      expect(p2.contacts.map((c) => c.id)).toEqual(now.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    });

    it('refuses a cursor that is not one of its own with ERR_VALIDATION', async () => {
      for (const cursor of ['nope', Buffer.from(JSON.stringify({ name: 'x', id: -1 })).toString('base64url'), 'a'.repeat(2001), 'ab$cd']) {
        const res = await api('GET', `/contacts?cursor=${encodeURIComponent(cursor)}`, agent.token);
        expect(res.statusCode, cursor).toBe(400);
      }
    });

    it('stops counting at the cap and says so', async () => {
      const marker = `Capped${Date.now()}`;
      await s.database.db.execute(sql`
        insert into contacts (name, number)
        select ${marker} || ' ' || i, '4470' || lpad(i::text, 8, '0') from generate_series(1, ${CONTACTS_COUNT_CAP + 5}) i`);
      const body = (await api('GET', `/contacts?searchParam=${marker}`, agent.token)).json<{
        count: number;
        countCapped: boolean;
        hasMore: boolean;
        contacts: unknown[];
      }>();
      expect(body).toMatchObject({ count: CONTACTS_COUNT_CAP, countCapped: true, hasMore: true });
      expect(body.contacts).toHaveLength(PAGE_SIZE);
      await s.database.db.execute(sql`delete from contacts where name like ${`${marker} %`}`);
    });

    it('a huge page number answers an empty page', async () => {
      const res = await api('GET', '/contacts?pageNumber=100000', agent.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ contacts: [], hasMore: false });
    });

    it('searches the name case-insensitively and the number, also written with separators', async () => {
      const c = await createContact({ name: 'Zélia Búsqueda', number: '5599123456789' });
      await createContact({ name: 'Someone Else' });
      const ids = async (term: string) =>
        (await api('GET', `/contacts?searchParam=${encodeURIComponent(term)}`, agent.token)).json().contacts.map((x: ContactDTO) => x.id);
      expect(await ids('zélia búsq')).toEqual([c.id]);
      expect(await ids('ZÉLIA')).toEqual([c.id]);
      expect(await ids('99123456')).toEqual([c.id]);
      expect(await ids('(99) 1234-5678')).toEqual([c.id]);
      expect(await ids('no such contact anywhere')).toEqual([]);
    });

    it('treats LIKE wildcards in the search as text', async () => {
      const pct = await createContact({ name: 'Promo 50% off' });
      const und = await createContact({ name: 'snake_case name' });
      await createContact({ name: 'Promo 500 off' });
      await createContact({ name: 'snakeXcase name' });
      const ids = async (term: string) =>
        (await api('GET', `/contacts?searchParam=${encodeURIComponent(term)}`, agent.token)).json().contacts.map((x: ContactDTO) => x.id);
      expect(await ids('50%')).toEqual([pct.id]);
      expect(await ids('e_c')).toEqual([und.id]);
    });
  });

  describe('update', () => {
    it('updates fields, replaces extra info and tags, and announces it', async () => {
      const [t1, t2] = await s.database.db
        .insert(tags)
        .values([
          { name: 'Update tag one', color: '#111111' },
          { name: 'Update tag two', color: '#222222' },
        ])
        .returning();
      const c = await createContact({ extraInfo: [{ name: 'Old', value: '1' }], tags: [t1.id] });
      const spy = vi.spyOn(s.ctx.realtime, 'emitToAll');
      const res = await api('PUT', `/contacts/${c.id}`, agent.token, {
        name: 'Updated Name',
        email: 'new@example.com',
        extraInfo: [{ name: 'New', value: '2' }],
        tags: [{ id: t2.id }],
      });
      expect(res.statusCode).toBe(200);
      const u = res.json();
      expect(u).toMatchObject({
        id: c.id,
        name: 'Updated Name',
        number: c.number,
        email: 'new@example.com',
        extraInfo: [{ name: 'New', value: '2' }],
        tags: [{ id: t2.id, name: 'Update tag two' }],
      });
      expect(u.extraInfo).toHaveLength(1);
      expect(spy).toHaveBeenCalledWith(EVENTS.contact, { action: 'update', contact: u });
      expect(spy).toHaveBeenCalledWith(EVENTS.tags, { action: 'update', tag: expect.objectContaining({ id: t1.id, contactsCount: 0 }) });
      expect(spy).toHaveBeenCalledWith(EVENTS.tags, { action: 'update', tag: expect.objectContaining({ id: t2.id, contactsCount: 1 }) });
    });

    it('keeps extra info and tags when they are not sent', async () => {
      const [t] = await s.database.db.insert(tags).values({ name: 'Kept tag', color: '#333333' }).returning();
      const c = await createContact({ extraInfo: [{ name: 'Keep', value: 'me' }], tags: [t.id] });
      const u = (await api('PUT', `/contacts/${c.id}`, agent.token, { name: 'Only name' })).json();
      expect(u.extraInfo).toEqual(c.extraInfo);
      expect(u.tags).toEqual(c.tags);
    });

    it('checks a changed number and refuses one that belongs to another contact', async () => {
      const a = await createContact();
      const b = await createContact();
      const dup = await api('PUT', `/contacts/${b.id}`, agent.token, { number: a.number });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error).toBe('ERR_DUPLICATED_CONTACT');
      const same = await api('PUT', `/contacts/${a.id}`, agent.token, { number: a.number, name: 'Same number' });
      expect(same.statusCode).toBe(200);
      s.services.contacts.numberChecker = {
        check() {
          return Promise.reject(new AppError('ERR_WAPP_INVALID_CONTACT', 400));
        },
      };
      const bad = await api('PUT', `/contacts/${b.id}`, agent.token, { number: nextNumber() });
      expect(bad.json().error).toBe('ERR_WAPP_INVALID_CONTACT');
      expect((await s.call(C.show, agent.token, { params: { id: b.id } })).json().number).toBe(b.number);
    });

    it('a user whose isRemoveTags flag is disabled cannot remove tags by editing; nothing changes', async () => {
      const limited = await s.createUser({ isRemoveTags: 'desabled' });
      const [t1, t2] = await s.database.db
        .insert(tags)
        .values([
          { name: 'Sticky one', color: '#444444' },
          { name: 'Sticky two', color: '#555555' },
        ])
        .returning();
      const c = await createContact({ tags: [t1.id] });
      const removed = await api('PUT', `/contacts/${c.id}`, limited.token, { name: 'Should not stick', tags: [t2.id] });
      expect(removed.statusCode).toBe(403);
      expect(removed.json().error).toBe('ERR_NO_PERMISSION');
      const after = (await s.call(C.show, limited.token, { params: { id: c.id } })).json();
      expect(after.name).toBe(c.name);
      expect(after.tags.map((t: { id: number }) => t.id)).toEqual([t1.id]);
      const added = await api('PUT', `/contacts/${c.id}`, limited.token, { tags: [t1.id, t2.id] });
      expect(added.statusCode).toBe(200);
      expect(
        added
          .json()
          .tags.map((t: { id: number }) => t.id)
          .sort(),
      ).toEqual([t1.id, t2.id].sort());
    });
  });

  describe('delete', () => {
    it('deletes the contact with its tickets and their messages, announcing contact and tickets', async () => {
      const [w] = await s.database.db
        .insert(whatsapps)
        .values({ name: `Line ${Date.now()}` })
        .returning();
      const victim = await createContact();
      const other = await createContact();
      const [t1, t2, keep] = await s.database.db
        .insert(tickets)
        .values([
          { contactId: victim.id, whatsappId: w.id, status: 'open', userId: agent.id },
          { contactId: victim.id, whatsappId: w.id, status: 'closed' },
          { contactId: other.id, whatsappId: w.id, status: 'open' },
        ])
        .returning();
      await s.database.db.insert(messages).values([
        { id: `m-${t1.id}-a`, ticketId: t1.id, body: 'hello' },
        { id: `m-${t2.id}-a`, ticketId: t2.id, body: 'old' },
        { id: `m-${keep.id}-a`, ticketId: keep.id, body: 'other', contactId: victim.id },
      ]);
      await s.database.db.insert(ticketCycles).values({ ticketId: t1.id });
      const all = vi.spyOn(s.ctx.realtime, 'emitToAll');
      const rooms = vi.spyOn(s.ctx.realtime, 'emit');

      const res = await s.call(C.remove, s.adminToken, { params: { id: victim.id } });
      expect(res.statusCode).toBe(200);

      expect(await s.database.db.select().from(contacts).where(eq(contacts.id, victim.id))).toEqual([]);
      expect(
        await s.database.db
          .select()
          .from(tickets)
          .where(inArray(tickets.id, [t1.id, t2.id])),
      ).toEqual([]);
      expect(
        await s.database.db
          .select()
          .from(messages)
          .where(inArray(messages.ticketId, [t1.id, t2.id])),
      ).toEqual([]);
      expect(await s.database.db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, t1.id))).toEqual([]);
      // The other contact's ticket stays; a message there that named the deleted contact loses the link only.
      expect(await s.database.db.select().from(tickets).where(eq(tickets.id, keep.id))).toHaveLength(1);
      const [kept] = await s.database.db.select().from(messages).where(eq(messages.ticketId, keep.id));
      expect(kept.contactId).toBeNull();

      expect(all).toHaveBeenCalledWith(EVENTS.contact, { action: 'delete', contactId: victim.id });
      expect(rooms).toHaveBeenCalledWith(expect.arrayContaining(['assigned', `user:${agent.id}`]), EVENTS.ticket, {
        action: 'delete',
        ticketId: t1.id,
      });
      expect(rooms).toHaveBeenCalledWith(expect.arrayContaining(['sectorless']), EVENTS.ticket, { action: 'delete', ticketId: t2.id });
      expect((await s.call(C.show, s.adminToken, { params: { id: victim.id } })).statusCode).toBe(404);
    });

    it('exports contacts.csv for admins: BOM, semicolons, quoting and neutralised formulas', async () => {
      const a = await createContact({ name: '=HYPERLINK("x")', email: 'a@b.co' });
      const b = await createContact({ name: 'Semi; colon' });
      const res = await api('GET', '/contacts/export', s.adminToken);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      expect(res.headers['content-disposition']).toContain('contacts.csv');
      const text = res.body;
      expect(text.startsWith('\uFEFFname;number;email\r\n')).toBe(true);
      expect(text).toContain(`"'=HYPERLINK(""x"")";${a.number};a@b.co\r\n`);
      expect(text).toContain(`"Semi; colon";${b.number};\r\n`);
    });

    it('DELETE /contacts removes every contact and their tickets, announcing it once', async () => {
      const [w] = await s.database.db
        .insert(whatsapps)
        .values({ name: `Wipe ${Date.now()}` })
        .returning();
      const c = await createContact();
      await s.database.db.insert(tickets).values({ contactId: c.id, whatsappId: w.id, status: 'pending' });
      const before = (await s.call(C.list, s.adminToken)).json().count;
      const spy = vi.spyOn(s.ctx.realtime, 'emitToAll');
      const res = await s.call(C.removeAll, s.adminToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Contacts deleted', count: before });
      expect((await s.call(C.list, s.adminToken)).json()).toEqual({
        contacts: [],
        hasMore: false,
        count: 0,
        countCapped: false,
        nextCursor: null,
      });
      expect(await s.database.db.select().from(tickets)).toEqual([]);
      expect(spy.mock.calls.filter(([e]) => e === EVENTS.contact)).toEqual([[EVENTS.contact, { action: 'delete', all: true }]]);
    });
  });
});
