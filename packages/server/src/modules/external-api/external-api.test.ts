/** POST /api/send end to end on the simulated network, the token's secrecy, and the API docs. */
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { contactTags, contacts, queues, tags, ticketCycles, tickets } from '../../db/schema.js';
import { PNG, PDF } from '../../test/fixtures.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { connectSimulator, customerChat, phoneNumber, waitFor } from '../../test/simulator.js';

/** A multipart/form-data body for app.inject. */
function multipart(fields: Record<string, string>, files: { name: string; filename: string; data: Buffer; type: string }[]) {
  const boundary = `----sb${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('external API: POST /api/send', () => {
  let s: TestServer;
  let token: string;
  let conn: { id: number; number: string };
  let agent: Awaited<ReturnType<TestServer['createUser']>>;

  const send = (payload: object, auth: string | null = token) =>
    s.app.inject({ method: 'POST', url: '/api/send', headers: auth === null ? {} : { authorization: `Bearer ${auth}` }, payload });
  const setting = (key: string, value: string) =>
    s.app.inject({ method: 'PUT', url: `/api/settings/${key}`, headers: bearer(s.adminToken), payload: { value } });

  beforeAll(async () => {
    s = await createTestServer();
    conn = await connectSimulator(s);
    agent = await s.createUser({ name: 'Agent API' });
    token = (await s.app.inject({ method: 'GET', url: '/api/settings/userApiToken', headers: bearer(s.adminToken) })).json().value;
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('refuses a missing, empty, wrong or other-setting token, and a user session token', async () => {
    const body = { number: phoneNumber(), body: 'hi' };
    const missing = await send(body, null);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toBe('ERR_SESSION_EXPIRED');
    const empty = await s.app.inject({ method: 'POST', url: '/api/send', headers: { authorization: 'Bearer ' }, payload: body });
    expect(empty.statusCode).toBe(401);
    const settings = (await s.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(s.adminToken) })).json<
      { key: string; value: string }[]
    >();
    const others = settings.filter((x) => x.key !== 'userApiToken').map((x) => x.value);
    for (const wrong of ['wrong', token.slice(0, -1), `${token}x`, token.toUpperCase(), s.adminToken, ...others]) {
      if (wrong === token) continue;
      const res = await send(body, wrong);
      expect(res.statusCode, wrong).toBe(403);
      expect(res.json().error).toBe('ERR_NO_PERMISSION');
    }
    const basic = await s.app.inject({ method: 'POST', url: '/api/send', headers: { authorization: `Basic ${token}` }, payload: body });
    expect(basic.statusCode).toBe(401);
    // Nothing was created by the refused calls.
    expect(await s.database.db.select().from(contacts).where(eq(contacts.number, body.number))).toEqual([]);
  });

  it('a text reaches the customer; contact, tags, sector and attendant are set', async () => {
    const customer = phoneNumber();
    const [{ id: queueId }] = await s.database.db.insert(queues).values({ name: 'API sector', color: '#abcdef' }).returning();
    const [{ id: tagId }] = await s.database.db.insert(tags).values({ name: 'From API', color: '#fedcba' }).returning();
    const res = await send({ number: `+${customer}`, body: 'Your order shipped', queueId, tagsId: [tagId], userId: agent.id });
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json();
    expect(out).toMatchObject({ ticketStatus: 'open', messages: [{ body: 'Your order shipped', fromMe: true }] });
    await waitFor(async () =>
      (await customerChat(s, customer, conn.number)).some((m) => m.sender === 'connection' && m.body === 'Your order shipped'),
    );

    const [contact] = await s.database.db.select().from(contacts).where(eq(contacts.number, customer));
    expect(contact.id).toBe(out.contactId);
    expect(await s.database.db.select().from(contactTags).where(eq(contactTags.contactId, contact.id))).toEqual([
      { contactId: contact.id, tagId },
    ]);
    const [ticket] = await s.database.db.select().from(tickets).where(eq(tickets.id, out.ticketId));
    expect(ticket).toMatchObject({ contactId: contact.id, whatsappId: conn.id, queueId, userId: agent.id, status: 'open' });
    const cycles = await s.database.db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, ticket.id));
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ userId: agent.id, queueId });
    expect(cycles[0].startedAt).not.toBeNull();

    // A second send finds the same contact and ticket.
    const again = await send({ number: customer, body: 'Second', tagsId: `${tagId}` });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ ticketId: out.ticketId, contactId: contact.id });
    const active = await s.database.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.contactId, contact.id)));
    expect(active).toHaveLength(1);
  });

  it('multipart medias reach the customer, the caption on the first file', async () => {
    const customer = phoneNumber();
    const form = multipart({ number: customer, body: 'Your invoice' }, [
      { name: 'medias', filename: 'photo.png', data: PNG, type: 'image/png' },
      { name: 'medias', filename: 'invoice.pdf', data: PDF, type: 'application/pdf' },
    ]);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/send',
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().messages.map((m: { mediaType: string }) => m.mediaType)).toEqual(['image', 'document']);
    expect(res.json().ticketStatus).toBe('pending');
    const chat = await waitFor(async () => {
      const c = await customerChat(s, customer, conn.number);
      return c.filter((m) => m.sender === 'connection').length === 2 && c;
    });
    expect(chat.map((m) => m.type)).toEqual(['image', 'document']);
    expect(chat[0].body).toBe('Your invoice');
  });

  it('multipart is refused before reading it when the token is wrong', async () => {
    const form = multipart({ number: phoneNumber(), body: 'x' }, [{ name: 'medias', filename: 'a.png', data: PNG, type: 'image/png' }]);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/send',
      headers: { ...form.headers, authorization: 'Bearer nope' },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(403);
  });

  it('closeTicketApi closes the ticket after sending', async () => {
    expect((await setting('closeTicketApi', 'enabled')).statusCode).toBe(200);
    try {
      const customer = phoneNumber();
      const res = await send({ number: customer, body: 'Closing after this' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().ticketStatus).toBe('closed');
      const [ticket] = await s.database.db.select().from(tickets).where(eq(tickets.id, res.json().ticketId));
      expect(ticket.status).toBe('closed');
      const [cycle] = await s.database.db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, ticket.id));
      expect(cycle.outcome).toBe('api');
      await waitFor(async () => (await customerChat(s, customer, conn.number)).some((m) => m.body === 'Closing after this'));
    } finally {
      await setting('closeTicketApi', 'disabled');
    }
  });

  it('spec errors: invalid number, unknown connection, tag, user, sector; bad input', async () => {
    const invalid = await send({ number: '0123456789', body: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe('ERR_WAPP_INVALID_CONTACT');
    expect((await send({ number: phoneNumber(), body: 'x', whatsappId: 99999 })).json().error).toBe('ERR_NO_WAPP_FOUND');
    expect((await send({ number: phoneNumber(), body: 'x', tagsId: [99999] })).json().error).toBe('ERR_NO_TAG_FOUND');
    expect((await send({ number: phoneNumber(), body: 'x', userId: 99999 })).json().error).toBe('ERR_NO_USER_FOUND');
    expect((await send({ number: phoneNumber(), body: 'x', queueId: 99999 })).statusCode).toBe(400);
    for (const bad of [
      {},
      { number: 'abc', body: 'x' },
      { number: phoneNumber(), body: '' },
      { number: phoneNumber(), body: 'x', userId: '1 OR 1=1' },
      { number: phoneNumber(), body: 'x', tagsId: ['1;drop table tags'] },
    ]) {
      const res = await send(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error).toMatch(/^ERR_/);
    }
  });

  it('without a default connection: ERR_NO_DEF_WAPP_FOUND; a connection not running: ERR_WAPP_NOT_INITIALIZED', async () => {
    const other = await createTestServer();
    try {
      const t = (await other.app.inject({ method: 'GET', url: '/api/settings/userApiToken', headers: bearer(other.adminToken) })).json()
        .value;
      const none = await other.app.inject({
        method: 'POST',
        url: '/api/send',
        headers: bearer(t),
        payload: { number: phoneNumber(), body: 'x' },
      });
      expect(none.statusCode).toBe(404);
      expect(none.json().error).toBe('ERR_NO_DEF_WAPP_FOUND');
      // A WhatsApp connection whose session is not running (tests do not start Baileys).
      const created = await other.app.inject({
        method: 'POST',
        url: '/api/whatsapp',
        headers: bearer(other.adminToken),
        payload: { name: 'Phone' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const down = await other.app.inject({
        method: 'POST',
        url: '/api/send',
        headers: bearer(t),
        payload: { number: phoneNumber(), body: 'x' },
      });
      expect(down.statusCode).toBe(409);
      expect(down.json().error).toBe('ERR_WAPP_NOT_INITIALIZED');
    } finally {
      await other.stop();
    }
  });

  it('is rate-limited per token', async () => {
    const limited = await createTestServer();
    try {
      const t = (await limited.app.inject({ method: 'GET', url: '/api/settings/userApiToken', headers: bearer(limited.adminToken) })).json()
        .value;
      const codes: number[] = [];
      // Invalid bodies still count: the limit applies before validation.
      for (let i = 0; i < 125; i++) {
        codes.push((await limited.app.inject({ method: 'POST', url: '/api/send', headers: bearer(t), payload: {} })).statusCode);
      }
      expect(codes.slice(0, 120).every((c) => c === 400)).toBe(true);
      expect(codes.slice(120)).toEqual([429, 429, 429, 429, 429]);
    } finally {
      await limited.stop();
    }
  }, 120_000);

  it('limits wrong tokens per client address, without locking out the valid token', async () => {
    const limited = await createTestServer();
    try {
      const t = (await limited.app.inject({ method: 'GET', url: '/api/settings/userApiToken', headers: bearer(limited.adminToken) })).json()
        .value;
      const codes: number[] = [];
      for (let i = 0; i < 125; i++) {
        codes.push(
          (await limited.app.inject({ method: 'POST', url: '/api/send', headers: bearer(`wrong-token-${i}`), payload: {} })).statusCode,
        );
      }
      expect(codes.slice(0, 120).every((c) => c === 403)).toBe(true);
      expect(codes.slice(120)).toEqual([429, 429, 429, 429, 429]);
      const valid = await limited.app.inject({ method: 'POST', url: '/api/send', headers: bearer(t), payload: {} });
      expect(valid.statusCode).toBe(400);
    } finally {
      await limited.stop();
    }
  }, 120_000);

  it('non-admins cannot read the token: not in GET /settings, not by key, not over realtime', async () => {
    const list = await s.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(agent.token) });
    expect(list.body).not.toContain(token);
    const one = await s.app.inject({ method: 'GET', url: '/api/settings/userApiToken', headers: bearer(agent.token) });
    expect(one.statusCode).toBe(403);
    const regen = await s.app.inject({ method: 'POST', url: '/api/settings/userApiToken/regenerate', headers: bearer(agent.token) });
    expect(regen.statusCode).toBe(403);

    const base = await s.listen();
    const seen: { agent: string[]; admin: string[] } = { agent: [], admin: [] };
    const sockets: Socket[] = [];
    const connect = (tok: string, into: string[]) =>
      new Promise<void>((resolve, reject) => {
        const sock = ioClient(base, {
          path: '/socket.io',
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token: tok },
        });
        sockets.push(sock);
        sock.onAny((_event, payload) => into.push(JSON.stringify(payload)));
        sock.once('connect', () => resolve());
        sock.once('connect_error', reject);
      });
    try {
      await connect(agent.token, seen.agent);
      await connect(s.adminToken, seen.admin);
      const res = await s.app.inject({ method: 'POST', url: '/api/settings/userApiToken/regenerate', headers: bearer(s.adminToken) });
      expect(res.statusCode).toBe(200);
      const fresh = res.json().value as string;
      await waitFor(() => seen.admin.some((p) => p.includes(fresh)));
      // Another broadcast after it proves the agent's socket was live and in order.
      await setting('darkMode', 'enabled');
      await waitFor(() => seen.agent.some((p) => p.includes('darkMode')));
      expect(seen.agent.join('\n')).not.toContain(fresh);
      // The old token no longer works; the new one does (validation error, not 403).
      expect((await send({}, token)).statusCode).toBe(403);
      expect((await send({}, fresh)).statusCode).toBe(400);
      token = fresh;
    } finally {
      await setting('darkMode', 'disabled');
      for (const sock of sockets) sock.close();
    }
  });

  it('the OpenAPI document covers the whole API and Swagger UI is served at /api/docs', async () => {
    const doc = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode, doc.body).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/send',
      '/api/dashboard',
      '/api/tickets',
      '/api/auth/login',
      '/api/settings/{key}',
      '/api/messages/{ticketId}',
    ]) {
      expect(Object.keys(spec.paths), path).toContain(path);
    }
    expect(spec.paths['/api/send'].post.security).toEqual([{ apiToken: [] }]);
    expect(spec.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(spec.paths['/api/send'].post.requestBody.content)).toEqual(['application/json', 'multipart/form-data']);
    // The texts send the reader to where the key really is: the web app's API key page, in its menu.
    for (const text of [spec.info.description, spec.paths['/api/send'].post.description] as string[]) {
      expect(text).toContain('Administration → API key');
      expect(text).toContain('/apikey');
      expect(text).not.toContain('Settings → API key');
    }
    const params = (spec.paths['/api/dashboard'].get.parameters as { name: string }[]).map((p) => p.name).sort();
    expect(params).toEqual(['date_from', 'date_to', 'days', 'queueId', 'tag', 'userId']);
    const ui = await s.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});
