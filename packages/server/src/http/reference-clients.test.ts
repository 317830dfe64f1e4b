/**
 * The dialect of the reference product's clients: a web client or an integration written for it
 * works against this API by changing only its base URL.
 */
import { DEFAULT_TAG_COLOR, DEFAULT_USER_WORK_TIME, ERROR_MESSAGES, VALIDATION_MESSAGES } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, users } from '../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { connectSimulator, customerChat, phoneNumber, waitFor } from '../test/simulator.js';

const CLIENT_ORIGIN = 'http://client.example:3000';

describe('clients of the reference product', () => {
  let s: TestServer;
  let seq = 0;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => s.app.inject({ method, url, headers: { ...bearer(s.adminToken), ...headers }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    s = await createTestServer({ env: { ALLOWED_ORIGINS: `${CLIENT_ORIGIN}, https://other.example` } });
  });
  afterAll(() => s.stop());

  describe('a trailing slash does not change the route', () => {
    it.each(['/api/whatsapp', '/api/users', '/api/contacts', '/api/quickAnswers', '/api/tags', '/api/queue'])(
      'GET %s/ answers as without the slash',
      async (path) => {
        const plain = await call('GET', path);
        const slashed = await call('GET', `${path}/`);
        expect(plain.statusCode).toBe(200);
        expect(slashed.statusCode, slashed.body).toBe(200);
        expect(slashed.json()).toEqual(plain.json());
      },
    );

    it('POST /api/tags/ creates like POST /api/tags', async () => {
      const res = await call('POST', '/api/tags/', {}, { name: `Slash ${++seq}`, color: '#123456' });
      expect(res.statusCode, res.body).toBe(201);
    });
  });

  describe('CORS for ALLOWED_ORIGINS', () => {
    it("answers a listed origin's preflight and requests with credentials allowed", async () => {
      const preflight = await s.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: {
          origin: CLIENT_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization',
        },
      });
      expect(preflight.statusCode).toBeLessThan(300);
      expect(preflight.headers['access-control-allow-origin']).toBe(CLIENT_ORIGIN);
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');

      const login = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: CLIENT_ORIGIN },
        payload: { email: 'nobody@test.local', password: 'wrong-password' },
      });
      expect(login.headers['access-control-allow-origin']).toBe(CLIENT_ORIGIN);
      expect(login.headers['access-control-allow-credentials']).toBe('true');
    });

    it('gives an origin that is not listed no CORS headers', async () => {
      const preflight = await s.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const get = await call('GET', '/api/tags', { origin: 'http://evil.example' });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
      expect(get.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('registers no CORS at all when no origin is listed', async () => {
      const plain = await createTestServer();
      try {
        const preflight = await plain.app.inject({
          method: 'OPTIONS',
          url: '/api/auth/login',
          headers: { origin: CLIENT_ORIGIN, 'access-control-request-method': 'POST' },
        });
        expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      } finally {
        await plain.stop();
      }
    });
  });

  describe('the reference clients\' spellings of "none"', () => {
    it('POST /users with whatsappId false and empty hours: no default connection, the whole day', async () => {
      const email = `none${++seq}@test.local`;
      const res = await call(
        'POST',
        '/api/users',
        {},
        { name: 'No Hours', email, password: 'secret1', profile: 'user', whatsappId: false, startWork: '', endWork: '', queueIds: [] },
      );
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await s.database.db.select().from(users).where(eq(users.email, email));
      expect(row.whatsappId).toBeNull();
      expect([row.startWork, row.endWork]).toEqual([DEFAULT_USER_WORK_TIME.start, DEFAULT_USER_WORK_TIME.end]);

      const edited = await call('PUT', `/api/users/${row.id}`, {}, { whatsappId: false, startWork: '', endWork: '' });
      expect(edited.statusCode, edited.body).toBe(200);
    });

    it('still refuses what is really invalid', async () => {
      for (const bad of [{ startWork: '25:00' }, { endWork: 'noon' }, { whatsappId: 'abc' }, { whatsappId: true }]) {
        const email = `bad${++seq}@test.local`;
        const res = await call('POST', '/api/users', {}, { name: 'Bad', email, password: 'secret1', ...bad });
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(await s.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      }
      expect((await call('POST', '/api/tags', {}, { name: `Bad colour ${++seq}`, color: 'purple-ish' })).statusCode).toBe(400);
    });

    it("POST /whatsapp with the reference form's empty defaults: no inactivity message, no work hours, default hours", async () => {
      const blankWeekend: Record<string, string> = {};
      for (const day of ['Saturday', 'Sunday']) {
        for (const field of [
          `StartDefineWorkHours${day}`,
          `EndDefineWorkHours${day}`,
          `StartDefineWorkHours${day}Lunch`,
          `EndDefineWorkHours${day}Lunch`,
        ])
          blankWeekend[field] = '';
      }
      const name = `Reference ${++seq}`;
      const res = await call(
        'POST',
        '/api/whatsapp',
        {},
        {
          name,
          greetingMessage: '',
          farewellMessage: '',
          isDefault: false,
          sendInactiveMessage: false,
          timeInactiveMessage: '',
          inactiveMessage: '',
          defineWorkHours: '',
          outOfWorkMessage: '',
          ...blankWeekend,
          queueIds: [],
        },
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        name,
        timeInactiveMessage: 0,
        defineWorkHours: false,
        saturday: false,
        StartDefineWorkHoursSaturday: '08:00',
        EndDefineWorkHoursSundayLunch: '13:00',
      });

      // The same form sent again on edit keeps the meaning of each blank.
      const edited = await call(
        'PUT',
        `/api/whatsapp/${res.json().id}`,
        {},
        { name, timeInactiveMessage: '', defineWorkHours: '', ...blankWeekend },
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ timeInactiveMessage: 0, defineWorkHours: false, StartDefineWorkHoursSunday: '08:00' });
      // Gone again: the connection the external API sends from below is the simulator's.
      expect((await call('DELETE', `/api/whatsapp/${res.json().id}`)).statusCode).toBe(200);
    });

    it('POST /whatsapp still refuses hours and options that are really invalid', async () => {
      for (const bad of [
        { timeInactiveMessage: 'soon' },
        { timeInactiveMessage: 3 },
        { defineWorkHours: 'yes' },
        { StartDefineWorkHoursSaturday: '9h' },
      ]) {
        const name = `Bad connection ${++seq}`;
        const res = await call('POST', '/api/whatsapp', {}, { name, ...bad });
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect((await call('GET', '/api/whatsapp')).json().some((c: { name: string }) => c.name === name)).toBe(false);
      }
    });

    it('POST /tags with an empty colour gets the default colour', async () => {
      const res = await call('POST', '/api/tags', {}, { name: `No colour ${++seq}`, color: '' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().color).toBe(DEFAULT_TAG_COLOR);
    });
  });

  describe("error messages in the caller's language", () => {
    it('says a known code in the language asked for, keeping the code', async () => {
      const en = await call('GET', '/api/tickets/999999', { 'accept-language': 'en-US,en;q=0.9' });
      expect(en.json()).toMatchObject({ error: 'ERR_NO_TICKET_FOUND', message: 'No ticket found with this ID.' });
      const pt = await call('GET', '/api/tickets/999999', { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' });
      expect(pt.json()).toMatchObject({ error: 'ERR_NO_TICKET_FOUND', message: ERROR_MESSAGES.pt.ERR_NO_TICKET_FOUND });
      expect(ERROR_MESSAGES.pt.ERR_NO_TICKET_FOUND).not.toBe(ERROR_MESSAGES.en.ERR_NO_TICKET_FOUND);
    });

    it('translates validation wording, so no Portuguese reaches an English client', async () => {
      const en = await call('POST', '/api/tags', { 'accept-language': 'en' }, { name: 'ab', color: '#123456' });
      expect(en.statusCode).toBe(400);
      expect(en.json().message).toBe('Too Short!');
      // The field details keep the spec's wording: they are for programs.
      expect(en.json().details[0]).toMatchObject({ path: 'body.name', message: 'Mensagem muito curta' });
      const es = await call('POST', '/api/tags', { 'accept-language': 'es-ES' }, { name: 'ab', color: '#123456' });
      expect(es.json().message).toBe(VALIDATION_MESSAGES.es.tooShort);
      expect(es.json().message).not.toBe('Mensagem muito curta');
      const badId = await call('GET', '/api/contacts/abc', { 'accept-language': 'en' });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().message).toBe('Invalid value');
    });

    it('leaves the message as it was for a request that asks for no supported language', async () => {
      const res = await call('GET', '/api/dashboard', {});
      if (res.statusCode === 400) expect(res.json().message).toBe('Parametrize o filtro');
      const de = await call('GET', '/api/tickets/999999', { 'accept-language': 'de-DE' });
      expect(de.json().error).toBe('ERR_NO_TICKET_FOUND');
    });
  });

  describe('the reference Tags screen', () => {
    it('GET /tags/ carries contacttag and contacts, one per contact carrying the tag', async () => {
      const tag = (await call('POST', '/api/tags', {}, { name: `Screen ${++seq}`, color: '#654321' })).json();
      const empty = (await call('POST', '/api/tags', {}, { name: `Screen ${++seq}`, color: '#654322' })).json();
      const made = await s.database.db
        .insert(contacts)
        .values([
          { name: 'Tagged One', number: phoneNumber() },
          { name: 'Tagged Two', number: phoneNumber() },
        ])
        .returning();
      for (const c of made)
        expect((await call('POST', '/api/tags/sync', {}, { contactId: c.id, tags: [{ id: tag.id }] })).statusCode).toBe(200);

      const res = await call('GET', '/api/tags/?searchParam=Screen');
      expect(res.statusCode).toBe(200);
      const page = res.json();
      const listed = page.tags.find((t: { id: number }) => t.id === tag.id);
      const ids = made.map((c) => c.id).sort((a, b) => a - b);
      expect(listed.contacttag).toEqual(ids.map((contactId) => ({ tagId: tag.id, contactId })));
      expect(listed.contacts).toEqual(ids.map((id) => ({ id })));
      expect(listed.contactsCount).toBe(2);
      expect(page.tags.find((t: { id: number }) => t.id === empty.id)).toMatchObject({ contacttag: [], contacts: [] });
    });
  });

  describe('/api/send in the reference request shapes', () => {
    let token: string;
    let conn: { id: number; number: string };

    beforeAll(async () => {
      conn = await connectSimulator(s);
      token = (await call('GET', '/api/settings/userApiToken')).json().value;
    });

    it('takes the number as a JSON number, and formatted with the country code', async () => {
      for (const [shape, customer] of [
        ['number', phoneNumber()],
        ['formatted', phoneNumber()],
      ] as const) {
        const number =
          shape === 'number'
            ? Number(customer)
            : `+${customer.slice(0, 2)} (${customer.slice(2, 4)}) ${customer.slice(4, 9)}-${customer.slice(9)}`;
        const res = await s.app.inject({
          method: 'POST',
          url: '/api/send',
          headers: { authorization: `Bearer ${token}` },
          payload: { number, body: `hello ${shape}` },
        });
        expect(res.statusCode, res.body).toBe(201);
        await waitFor(async () => (await customerChat(s, customer, conn.number)).some((m) => m.body === `hello ${shape}`));
        expect(await s.database.db.select().from(contacts).where(eq(contacts.number, customer))).toHaveLength(1);
      }
    });

    it.each([
      ['/api/messages/send', 'the reference path on the bare host'],
      ['/api/api/messages/send', "whaticket-community's path under the base URL https://<host>/api"],
      ['/api/api/send', "Press-Ticket's path under the base URL https://<host>/api"],
    ])('POST %s (%s) sends, answering 200 with { resp } as the reference does', async (url) => {
      const customer = phoneNumber();
      const body = `reference path ${++seq}`;
      const res = await s.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: { number: customer, body, userId: '', queueId: '' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { resp } = res.json();
      expect(resp).toMatchObject({
        body,
        fromMe: true,
        type: 'chat',
        hasMedia: false,
        to: `${customer}@c.us`,
        id: { fromMe: true, remote: `${customer}@c.us` },
      });
      expect(resp.id._serialized).toBe(`true_${customer}@c.us_${resp.id.id}`);
      expect(Number.isInteger(resp.timestamp)).toBe(true);
      await waitFor(async () => (await customerChat(s, customer, conn.number)).some((m) => m.body === body));
    });

    it('refuses those paths without the API token, as the reference does, and sends nothing', async () => {
      for (const url of ['/api/messages/send', '/api/api/messages/send', '/api/api/send']) {
        const customer = phoneNumber();
        const missing = await s.app.inject({ method: 'POST', url, payload: { number: customer, body: 'no token' } });
        expect(missing.statusCode, url).toBe(401);
        expect(missing.json().error).toBe('ERR_SESSION_EXPIRED');
        // A user's session token is not the API token.
        const wrong = await s.app.inject({
          method: 'POST',
          url,
          headers: bearer(s.adminToken),
          payload: { number: customer, body: 'wrong token' },
        });
        expect(wrong.statusCode, url).toBe(403);
        expect(await s.database.db.select().from(contacts).where(eq(contacts.number, customer))).toEqual([]);
      }
    });
  });
});
