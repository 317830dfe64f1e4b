/**
 * A sweep of every operation of the OpenAPI document the server writes, as an attacker would:
 *
 * 1. Leaks: each operation called as an attendant of another sector, an attendant who was only
 *    mentioned on another ticket, an anonymous caller and a website visitor (with their visitor
 *    token) — with the ids of a ticket none of them may see — never answers that ticket's
 *    messages, its private note, or (to outsiders) its customer's number; a visitor's own
 *    history never carries the staff's note on their conversation.
 * 2. Malformed input: each operation called by an administrator (who passes every permission,
 *    so the input reaches the deepest) with wrong types, huge strings, negative and NaN numbers,
 *    unicode, missing and extra fields, arrays for objects — never answers a 5xx.
 *
 * The operation list is read from /api/docs/json, so a new route is swept the moment it exists.
 * Cases are generated deterministically; each operation gets a bounded number.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, tickets } from '../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { connectSimulator, customerSends, phoneNumber, waitFor } from '../test/simulator.js';

interface Operation {
  method: string;
  path: string;
  query: string[];
  hasBody: boolean;
  /** The request body's JSON schema (OpenAPI), when there is one. */
  body?: JsonSchema;
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  $ref?: string;
}

const SITE = 'https://shop.example';
const SECRET_MESSAGE = 'MSG-SECRET-7f3a91';
const SECRET_NOTE = 'NOTE-SECRET-c4e2d8';
const VISITOR_NOTE = 'VISITOR-NOTE-SECRET-19b7';

/** Operations a sweep must not run (they end the caller's own session). */
const SKIP = new Set(['DELETE /api/auth/logout', 'POST /api/auth/refresh_token']);

describe('route sweep', () => {
  let s: TestServer;
  let operations: Operation[] = [];
  const ids = { ticket: 0, contact: 0, message: '', note: '', connection: 0, sector: 0, user: 0, customer: '' };
  const roles: { name: string; headers: Record<string, string>; outsider: boolean }[] = [];
  let visitorToken = '';
  let webchatKey = '';

  beforeAll(async () => {
    s = await createTestServer();
    const admin = (method: string, url: string, payload?: unknown) =>
      s.app.inject({ method: method as never, url, headers: bearer(s.adminToken), payload: payload as never });

    const sectorA = (await admin('POST', '/api/queue', { name: 'Sales', color: '#112233' })).json().id as number;
    const sectorB = (await admin('POST', '/api/queue', { name: 'Support', color: '#332211' })).json().id as number;
    const conn = await connectSimulator(s);
    ids.connection = conn.id;
    ids.sector = sectorA;
    ids.customer = phoneNumber();
    const message = await customerSends(s, { from: ids.customer, to: conn.number, body: SECRET_MESSAGE });
    const [row] = await s.database.db
      .select({ ticket: tickets.id, contact: contacts.id })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(eq(contacts.number, ids.customer));
    ids.ticket = row.ticket;
    ids.contact = row.contact;
    ids.message = message.id;
    await admin('PUT', `/api/tickets/${ids.ticket}`, { status: 'open', userId: 1, queueId: sectorA });
    const note = await admin('POST', `/api/tickets/${ids.ticket}/notes`, { body: `${SECRET_NOTE} fraud list` });
    expect(note.statusCode, note.body).toBe(201);
    ids.note = note.json().id;

    const other = await s.createUser({ name: 'Otto Other', queueIds: [sectorB] });
    const mentioned = await s.createUser({ name: 'Mia Mentioned', queueIds: [] });
    ids.user = other.id;
    // Mia is mentioned on another ticket of the sector: she may read that one, not the secret one.
    const second = phoneNumber();
    await customerSends(s, { from: second, to: conn.number, body: 'another customer' });
    const [t2] = await s.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(eq(contacts.number, second));
    await admin('PUT', `/api/tickets/${t2.id}`, { status: 'open', userId: 1, queueId: sectorA });
    expect((await admin('POST', `/api/tickets/${t2.id}/notes`, { body: '@Mia Mentioned please look' })).statusCode).toBe(201);

    // A website visitor, whose own conversation carries a staff note.
    const site = await admin('POST', '/api/whatsapp', { name: 'Website', channel: 'webchat', webchat: { allowedSites: [SITE] } });
    expect(site.statusCode, site.body).toBe(201);
    webchatKey = site.json().webchat.publicKey;
    await waitFor(() => s.services.channels.connected(site.json().id as number));
    const visitor = await s.app.inject({
      method: 'POST',
      url: `/api/webchat/${webchatKey}/visitors`,
      headers: { origin: SITE },
      payload: {},
    });
    expect(visitor.statusCode, visitor.body).toBe(201);
    visitorToken = visitor.json().token;
    const said = await s.app.inject({
      method: 'POST',
      url: '/api/webchat/messages',
      headers: { origin: SITE, ...bearer(visitorToken) },
      payload: { id: 'msweep00001', body: 'hello shop' },
    });
    expect(said.statusCode, said.body).toBe(201);
    const [visitorTicket] = await s.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(and(eq(contacts.number, `${visitor.json().visitorId}@webchat`)));
    expect((await admin('POST', `/api/tickets/${visitorTicket.id}/notes`, { body: `${VISITOR_NOTE} do not tell` })).statusCode).toBe(201);

    roles.push(
      { name: 'attendant of another sector', headers: bearer(other.token), outsider: false },
      { name: 'attendant only mentioned elsewhere', headers: bearer(mentioned.token), outsider: false },
      { name: 'anonymous', headers: {}, outsider: true },
      { name: 'website visitor', headers: { origin: SITE, ...bearer(visitorToken) }, outsider: true },
    );

    const doc = (await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, ops] of Object.entries(
      doc.paths as Record<
        string,
        Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
      >,
    )) {
      for (const [method, op] of Object.entries(ops)) {
        const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        if (SKIP.has(key)) continue;
        operations.push({
          method: method.toUpperCase(),
          path,
          query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          hasBody: !!op.requestBody,
          body: op.requestBody?.content?.['application/json']?.schema,
        });
      }
    }
    operations = operations.filter((o) => o.path.startsWith('/api/'));
  }, 120_000);
  afterAll(() => s.stop());

  /** The path with each parameter given the id of the secret ticket's things. */
  function concrete(path: string, pick: (name: string, path: string) => string): string {
    return path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(pick(name, path)));
  }

  const secretIds = (name: string, path: string): string => {
    if (name === 'ticketId') return String(ids.ticket);
    if (name === 'customer') return ids.customer;
    if (name === 'channel') return webchatKey;
    if (name === 'connectionId') return String(ids.connection);
    if (name === 'key') return 'userApiToken';
    if (path.startsWith('/api/messages/') || path.startsWith('/api/webchat/media') || path.startsWith('/api/simulator/media'))
      return ids.message;
    if (path.startsWith('/api/tickets/')) return String(ids.ticket);
    if (path.startsWith('/api/contacts/')) return String(ids.contact);
    if (path.startsWith('/api/whatsapp')) return String(ids.connection);
    if (path.startsWith('/api/queue/')) return String(ids.sector);
    if (path.startsWith('/api/users/')) return '1';
    return '1';
  };

  it('reads the whole OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(90);
  });

  it('an administrator finds the secrets (so their absence below means something)', async () => {
    const res = await s.app.inject({ method: 'GET', url: `/api/messages/${ids.ticket}`, headers: bearer(s.adminToken) });
    expect(res.body).toContain(SECRET_MESSAGE);
    expect(res.body).toContain(SECRET_NOTE);
  });

  it('answers no caller anything of a ticket they may not see', async () => {
    const leaks: string[] = [];
    let calls = 0;
    for (const role of roles) {
      for (const op of operations) {
        // The note on a message id too: a route reading a message by id must refuse the note as well.
        const variants = op.path.includes('/api/messages/{id}') ? [ids.message, ids.note] : [null];
        for (const variant of variants) {
          const url = concrete(op.path, (name, path) => (variant && name === 'id' ? variant : secretIds(name, path)));
          const res = await s.app.inject({
            method: op.method as never,
            url,
            headers: role.headers,
            payload: op.hasBody ? { body: 'sweep', ticketId: ids.ticket, contactId: ids.contact } : undefined,
          });
          calls += 1;
          const secrets = [SECRET_MESSAGE, SECRET_NOTE, ...(role.outsider ? [ids.customer] : [])];
          for (const secret of secrets)
            if (res.body.includes(secret)) leaks.push(`${role.name}: ${op.method} ${url} → ${res.statusCode} carries ${secret}`);
          if (res.body.includes(VISITOR_NOTE))
            leaks.push(`${role.name}: ${op.method} ${url} → ${res.statusCode} carries the visitor's note`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(calls).toBeGreaterThan(400);
    // The visitor's own history is answered (so the check above read something), without the note.
    const own = await s.app.inject({ method: 'GET', url: '/api/webchat/messages', headers: { origin: SITE, ...bearer(visitorToken) } });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('hello shop');
  }, 120_000);

  it('never answers a 5xx to malformed input', async () => {
    const failures: string[] = [];
    let calls = 0;
    const send = async (method: string, url: string, payload: unknown) => {
      const headers: Record<string, string> = { ...bearer(s.adminToken), origin: SITE };
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const raw = payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload);
      const res = await s.app.inject({ method: method as never, url, headers, ...(raw === undefined ? {} : { payload: raw }) });
      calls += 1;
      if (res.statusCode >= 500)
        failures.push(`${method} ${url.slice(0, 120)} ${raw?.slice(0, 80) ?? ''} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    // Malformed path parameters: wrong types, out of range, unicode.
    const badIds = ['abc', '-1', 'NaN', '1.5', '99999999999999999999', '💥', ' ', 'x'.repeat(2000)];
    // Malformed query values, each given to every query parameter of the operation.
    const badQueries = ['NaN', '-1', 'x'.repeat(5000), '💥\u202e', '[object Object]', '1e309', ''];
    for (const op of operations) {
      // Destructive operations are still swept, but on ids that name nothing.
      const safe = (name: string, path: string) =>
        name === 'key'
          ? 'darkMode'
          : name === 'channel'
            ? webchatKey
            : secretIds(name, path) === ids.message
              ? '00000000-0000-4000-8000-000000000000'
              : '987654';
      const base = concrete(op.path, safe);
      for (const bad of badIds)
        if (op.path.includes('{'))
          await send(
            op.method,
            concrete(op.path, () => bad),
            op.hasBody ? {} : undefined,
          );
      for (const q of op.query) {
        for (const bad of badQueries)
          await send(op.method, `${base}?${encodeURIComponent(q)}=${encodeURIComponent(bad)}`, op.hasBody ? {} : undefined);
        await send(op.method, `${base}?${encodeURIComponent(q)}=1&${encodeURIComponent(q)}=2`, op.hasBody ? {} : undefined);
      }
      if (!op.hasBody && op.method === 'GET') continue;
      for (const body of malformedBodies(op.body)) await send(op.method, base, body);
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(1000);
  }, 240_000);
});

/** Bodies of the wrong shape for a schema: deterministic, a bounded number per operation. */
function malformedBodies(schema: JsonSchema | undefined): unknown[] {
  const bodies: unknown[] = ['not json', '[]', '"a string"', '123', 'null', '{"a":', {}, { unexpected: true, __proto__x: 1 }];
  const props = Object.entries(schema?.properties ?? {});
  const wrongFor = (p: JsonSchema): unknown[] => {
    const type = Array.isArray(p.type) ? p.type[0] : p.type;
    switch (type) {
      case 'string':
        return [12345, { nested: 'x' }, 'x'.repeat(200_000), '💥\u0301\u202e'];
      case 'number':
      case 'integer':
        return ['NaN', -1, 1e308, 1.5, 'x'];
      case 'boolean':
        return ['yes', 2];
      case 'array':
        return [{ not: 'an array' }, ['x'.repeat(10_000)], Array.from({ length: 2000 }, (_, i) => i)];
      case 'object':
        return [['an', 'array'], 'text'];
      default:
        return [[], { deep: { deeper: [null] } }, -1];
    }
  };
  for (const [name, p] of props) {
    for (const wrong of wrongFor(p)) bodies.push({ ...validish(props), [name]: wrong });
    // Missing: everything but this field.
    const rest = validish(props);
    delete rest[name];
    bodies.push(rest);
  }
  return bodies;
}

/** A body with each field given a value of its declared type (not necessarily valid). */
function validish(props: [string, JsonSchema][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, p] of props) {
    const type = Array.isArray(p.type) ? p.type[0] : p.type;
    out[name] =
      type === 'string'
        ? 'x'
        : type === 'number' || type === 'integer'
          ? 1
          : type === 'boolean'
            ? true
            : type === 'array'
              ? []
              : type === 'object'
                ? {}
                : null;
  }
  return out;
}
