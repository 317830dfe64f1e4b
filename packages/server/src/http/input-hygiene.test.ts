/**
 * Text the database cannot hold (NUL, U+0000) and values of the wrong type are refused with a 400
 * and change nothing — never a 500, never a silently coerced value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../test/harness.js';
import { apiCaller, type Method } from '../test/http.js';
import { connectSimulator, customerSends, phoneNumber } from '../test/simulator.js';

const NUL = '\u0000';

describe('input hygiene', () => {
  let s: TestServer;
  const api = apiCaller(() => s);
  let contactId: number;
  let ticketId: number;
  let apiToken: string;

  beforeAll(async () => {
    s = await createTestServer();
    const conn = await connectSimulator(s);
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, body: 'hi' });
    const rows = await s.database.db.execute(
      sql`select t.id as ticket, t.contact_id as contact from tickets t join contacts c on c.id = t.contact_id where c.number = ${from}`,
    );
    const row = (rows as { rows: { ticket: number; contact: number }[] }).rows[0];
    ticketId = Number(row.ticket);
    contactId = Number(row.contact);
    await api('PUT', `/tickets/${ticketId}`, s.adminToken, { status: 'open', userId: 1 });
    const tokenRes = await api('POST', '/settings/userApiToken/regenerate', s.adminToken, {});
    apiToken = tokenRes.json().value;
  });
  afterAll(() => s.stop());

  const nulCases: [string, Method, () => string, () => object | undefined][] = [
    ['user name', 'POST', () => '/users', () => ({ name: `Ana${NUL}`, email: 'nul@test.local', password: 'secret1' })],
    ['user e-mail', 'POST', () => '/users', () => ({ name: 'Ana', email: `nu${NUL}l@test.local`, password: 'secret1' })],
    ['user password', 'POST', () => '/users', () => ({ name: 'Ana', email: 'nul2@test.local', password: `secret${NUL}1` })],
    ['tag name', 'POST', () => '/tags', () => ({ name: `tag${NUL}x`, color: '#123456' })],
    ['quick answer', 'POST', () => '/quickAnswers', () => ({ shortcut: 'hi', message: `hello${NUL}` })],
    ['sector name', 'POST', () => '/queue', () => ({ name: `Sales${NUL}`, color: '#654321' })],
    ['connection name', 'POST', () => '/whatsapp', () => ({ name: `Conn${NUL}` })],
    ['contact name', 'POST', () => '/contacts', () => ({ name: `Jo${NUL}ão`, number: '5511987650000' })],
    ['contact edit', 'PUT', () => `/contacts/${contactId}`, () => ({ name: `Jo${NUL}ão` })],
    ['message text', 'POST', () => `/messages/${ticketId}`, () => ({ body: `hello${NUL}` })],
    ['setting value', 'PUT', () => '/settings/darkMode', () => ({ value: `enabled${NUL}` })],
    ['search parameter', 'GET', () => `/contacts?searchParam=a${encodeURIComponent(NUL)}b`, () => undefined],
    ['ticket search', 'GET', () => `/tickets?searchParam=a${encodeURIComponent(NUL)}b`, () => undefined],
    ['setting key in path', 'GET', () => `/settings/dark${encodeURIComponent(NUL)}Mode`, () => undefined],
    ['message id in path', 'DELETE', () => `/messages/abc${encodeURIComponent(NUL)}`, () => undefined],
  ];

  it.each(nulCases)('a NUL byte in the %s is refused with 400', async (_name, method, url, body) => {
    const res = await api(method, url(), s.adminToken, body());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe('ERR_VALIDATION');
  });

  it('a NUL byte in a message sent through /api/send is refused with 400', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/send',
      headers: { authorization: `Bearer ${apiToken}` },
      payload: { number: '5511987650001', body: `hi${NUL}` },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe('ERR_VALIDATION');
  });

  it('a boolean or an array is not taken for an id', async () => {
    for (const contactIdValue of [true, [contactId], false]) {
      const res = await api('POST', '/tags/sync', s.adminToken, { contactId: contactIdValue, tags: [] });
      expect(res.statusCode, `${JSON.stringify(contactIdValue)}: ${res.body}`).toBe(400);
    }
    const tag = await api('POST', '/tags', s.adminToken, { name: 'coerced', color: '#abcdef' });
    const sync = await api('POST', '/tags/sync', s.adminToken, { contactId: true, tags: [tag.json().id] });
    expect(sync.statusCode).toBe(400);
    const contact1 = await api('GET', '/contacts/1', s.adminToken);
    expect(contact1.json().tags ?? []).toEqual([]);
    // Numbers written as text (query strings, forms) are still read.
    expect((await api('POST', '/tags/sync', s.adminToken, { contactId: String(contactId), tags: [] })).statusCode).toBe(200);
  });
});
