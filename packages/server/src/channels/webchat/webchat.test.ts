import type { WebchatMessageDTO } from '@switchboard/shared';
import { and, eq } from 'drizzle-orm';
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tickets, webchatVisitors } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { PNG } from '../../test/fixtures.js';
import { waitFor } from '../../test/simulator.js';

const SITE = 'https://shop.example.com';
const OTHER_SITE = 'https://evil.example.com';

describe('web chat channel', () => {
  let s: TestServer;
  let base: string;
  let agent: { id: number; token: string };
  let conn: { id: number; webchat: { publicKey: string; allowedSites: string[]; color: string; askContact: boolean } };
  const sockets: Socket[] = [];

  const visitorApi = (
    method: 'GET' | 'POST',
    url: string,
    opts: { token?: string; origin?: string | null; payload?: unknown; headers?: Record<string, string> } = {},
  ) =>
    s.app.inject({
      method,
      url,
      headers: {
        ...(opts.origin === null ? {} : { origin: opts.origin ?? SITE }),
        ...(opts.token ? bearer(opts.token) : {}),
        ...opts.headers,
      },
      payload: opts.payload as never,
    });

  const newVisitor = async (payload: Record<string, unknown> = {}) => {
    const res = await visitorApi('POST', `/api/webchat/${conn.webchat.publicKey}/visitors`, { payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ token: string; visitorId: string }>();
  };

  const say = async (token: string, body: string, id = `m${Math.random().toString(36).slice(2, 12)}`) => {
    const res = await visitorApi('POST', '/api/webchat/messages', { token, payload: { id, body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<WebchatMessageDTO>();
  };

  const history = async (token: string) => (await visitorApi('GET', '/api/webchat/messages', { token })).json<WebchatMessageDTO[]>();

  const ticketOf = async (visitorId: string) => {
    const [row] = await s.database.db
      .select({ ticket: tickets })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(eq(contacts.number, `${visitorId}@webchat`));
    return row?.ticket;
  };

  /** A widget's socket; resolves once connected, or with the refusal. */
  const visitorSocket = (token: string | undefined, origin = SITE) => {
    const socket = ioClient(`${base}/webchat`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: token ? { token } : {},
      extraHeaders: { origin },
    });
    sockets.push(socket);
    const received: { event: string; payload: unknown }[] = [];
    socket.onAny((event: string, payload: unknown, confirm?: unknown) => {
      received.push({ event, payload });
      // As the widget does: it confirms each reply it shows (the delivery receipt).
      if (typeof confirm === 'function') (confirm as (ok: boolean) => void)(true);
    });
    const outcome = new Promise<{ connected: boolean; message?: string }>((resolve) => {
      socket.once('connect', () => resolve({ connected: true }));
      socket.once('connect_error', (err) => resolve({ connected: false, message: err.message }));
    });
    return { socket, received, outcome };
  };

  beforeAll(async () => {
    s = await createTestServer();
    base = await s.listen();
    agent = await s.createUser();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/whatsapp',
      headers: bearer(s.adminToken),
      payload: {
        name: 'Website',
        channel: 'webchat',
        greetingMessage: 'Hello {{firstName}}, how can we help?',
        webchat: { allowedSites: [`${SITE}/any/page`, 'http://localhost:8080'], color: '#aa3300', askContact: true },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    conn = res.json();
    await waitFor(() => s.services.channels.connected(conn.id));
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => s.stop());

  describe('connection settings', () => {
    it('keeps the allowed sites as origins, the colour and the contact question, with a public key', () => {
      expect(conn.webchat).toEqual({
        publicKey: expect.stringMatching(/^wc_[0-9a-f]{24}$/) as string,
        allowedSites: [SITE, 'http://localhost:8080'],
        color: '#aa3300',
        askContact: true,
      });
    });

    it('refuses a site that is no web address and a colour that is no hex colour, changing nothing', async () => {
      for (const webchat of [{ allowedSites: ['javascript:alert(1)'] }, { color: 'red' }]) {
        const res = await s.app.inject({
          method: 'PUT',
          url: `/api/whatsapp/${conn.id}`,
          headers: bearer(s.adminToken),
          payload: { webchat },
        });
        expect(res.statusCode).toBe(400);
      }
      const shown = await s.app.inject({ method: 'GET', url: `/api/whatsapp/${conn.id}`, headers: bearer(s.adminToken) });
      expect(shown.json<typeof conn>().webchat).toEqual(conn.webchat);
    });

    it('is admin-only: an attendant can neither create nor change a web chat connection', async () => {
      const created = await s.app.inject({
        method: 'POST',
        url: '/api/whatsapp',
        headers: bearer(agent.token),
        payload: { name: 'Sneaky', channel: 'webchat', webchat: { allowedSites: [OTHER_SITE] } },
      });
      expect(created.statusCode).toBe(403);
      const changed = await s.app.inject({
        method: 'PUT',
        url: `/api/whatsapp/${conn.id}`,
        headers: bearer(agent.token),
        payload: { webchat: { allowedSites: [OTHER_SITE] } },
      });
      expect(changed.statusCode).toBe(403);
      const listed = await s.app.inject({ method: 'GET', url: '/api/whatsapp', headers: bearer(agent.token) });
      expect(JSON.stringify(listed.json())).not.toContain('publicKey');
    });
  });

  describe('widget set-up', () => {
    it('tells an allowed site how to draw the widget, by public key or id', async () => {
      for (const key of [conn.webchat.publicKey, String(conn.id)]) {
        const res = await visitorApi('GET', `/api/webchat/${key}/config`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ name: 'Website', color: '#aa3300', askContact: true });
        expect(res.headers['access-control-allow-origin']).toBe(SITE);
      }
    });

    it('refuses another site, a request without origin and an unknown channel', async () => {
      expect((await visitorApi('GET', `/api/webchat/${conn.webchat.publicKey}/config`, { origin: OTHER_SITE })).statusCode).toBe(403);
      expect((await visitorApi('GET', `/api/webchat/${conn.webchat.publicKey}/config`, { origin: null })).statusCode).toBe(403);
      expect(
        (await visitorApi('POST', `/api/webchat/${conn.webchat.publicKey}/visitors`, { origin: OTHER_SITE, payload: {} })).statusCode,
      ).toBe(403);
      expect((await visitorApi('GET', '/api/webchat/wc_000000000000000000000000/config')).statusCode).toBe(404);
      const before = await s.database.db.select().from(webchatVisitors);
      expect(
        (await visitorApi('POST', `/api/webchat/${conn.webchat.publicKey}/visitors`, { payload: { email: 'not-an-email' } })).statusCode,
      ).toBe(400);
      expect(await s.database.db.select().from(webchatVisitors)).toHaveLength(before.length);
    });

    it('answers preflights so the widget may send its token', async () => {
      const res = await s.app.inject({
        method: 'OPTIONS',
        url: '/api/webchat/messages',
        headers: { origin: SITE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-headers']).toContain('Authorization');
    });
  });

  describe('a conversation', () => {
    it('stores the visitor message before answering, greets them and shows the history after a reload', async () => {
      const { token, visitorId } = await newVisitor({ name: 'Ana Lima', email: 'ana@example.com' });
      const live = visitorSocket(token);
      expect(await live.outcome).toEqual({ connected: true });

      const sent = await say(token, 'Hi, is the blue one in stock?', 'first-message-1');
      // Acknowledged means stored: the message row exists when the answer arrives.
      const [row] = await s.database.db.select().from(messages).where(eq(messages.externalId, sent.id));
      expect(row).toMatchObject({ body: 'Hi, is the blue one in stock?', fromMe: false });
      const t = await ticketOf(visitorId);
      expect(t).toMatchObject({ status: 'pending', whatsappId: conn.id });
      const [contact] = await s.database.db.select().from(contacts).where(eq(contacts.id, t.contactId));
      expect(contact).toMatchObject({ name: 'Ana Lima', email: 'ana@example.com' });

      // The connection's greeting reaches the open widget live.
      const greeting = await waitFor(() => live.received.find((e) => e.event === 'webchat:message'), 10_000);
      expect(greeting.payload).toMatchObject({ body: 'Hello Ana, how can we help?', fromMe: true });

      // The same message sent again (a retry) is one message.
      await say(token, 'Hi, is the blue one in stock?', 'first-message-1');
      const reloaded = await history(token);
      expect(reloaded.filter((m) => !m.fromMe).map((m) => m.body)).toEqual(['Hi, is the blue one in stock?']);
      expect(reloaded.some((m) => m.fromMe && m.body === 'Hello Ana, how can we help?')).toBe(true);
    });

    it('an attendant reply reaches only this visitor, live and in the history; another visitor sees nothing', async () => {
      const ana = await newVisitor();
      const bob = await newVisitor();
      const anaLive = visitorSocket(ana.token);
      const bobLive = visitorSocket(bob.token);
      expect((await anaLive.outcome).connected).toBe(true);
      expect((await bobLive.outcome).connected).toBe(true);
      await say(ana.token, 'I need help with my order');
      const t = await ticketOf(ana.visitorId);

      const reply = await s.app.inject({
        method: 'POST',
        url: `/api/messages/${t.id}`,
        headers: bearer(s.adminToken),
        payload: { body: 'Sure, what is the order number?' },
      });
      expect(reply.statusCode, reply.body).toBe(201);
      const id = reply.json<{ id: string }>().id;
      const [stored] = await s.database.db.select().from(messages).where(eq(messages.id, id));
      const pushed = await waitFor(() => anaLive.received.find((e) => (e.payload as WebchatMessageDTO).id === stored.externalId), 10_000);
      expect(pushed.payload).toMatchObject({ body: 'Sure, what is the order number?', fromMe: true });
      // The open widget showed it: delivered.
      await waitFor(async () => (await s.database.db.select().from(messages).where(eq(messages.id, id)))[0]?.ack === 2, 10_000);

      expect((await history(ana.token)).map((m) => m.body)).toContain('Sure, what is the order number?');
      const bobSees = JSON.stringify([...bobLive.received, ...(await history(bob.token))]);
      expect(bobSees).not.toContain('order number');
      expect(bobSees).not.toContain('my order');
    });

    it('takes an attachment, which the staff sees and only its visitor can download', async () => {
      const ana = await newVisitor();
      const bob = await newVisitor();
      const boundary = 'x-webchat-test-boundary';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\nattach-0001\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nmy receipt\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="receipt.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await visitorApi('POST', '/api/webchat/attachments', {
        token: ana.token,
        payload: body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      const sent = res.json<WebchatMessageDTO>();
      expect(sent).toMatchObject({ mediaType: 'image', body: 'my receipt' });
      const [row] = await s.database.db.select().from(messages).where(eq(messages.externalId, sent.id));
      expect(row.mediaPath).toBeTruthy();

      const mine = await visitorApi('GET', sent.mediaUrl!, { token: ana.token });
      expect(mine.statusCode).toBe(200);
      expect(mine.rawPayload.equals(PNG)).toBe(true);
      expect((await visitorApi('GET', sent.mediaUrl!, { token: bob.token })).statusCode).toBe(404);
      expect((await visitorApi('GET', sent.mediaUrl!, { token: ana.token, origin: OTHER_SITE })).statusCode).toBe(403);
    });
  });

  describe('visitor routes refuse', () => {
    it('a missing or unknown token, and a valid token from another site, changing nothing', async () => {
      const ana = await newVisitor();
      const count = async () => (await s.database.db.select().from(messages).where(eq(messages.body, 'should not be stored'))).length;
      const payload = { id: 'refused-0001', body: 'should not be stored' };
      expect((await visitorApi('GET', '/api/webchat/messages')).statusCode).toBe(401);
      expect((await visitorApi('GET', '/api/webchat/messages', { token: 'x'.repeat(43) })).statusCode).toBe(401);
      expect((await visitorApi('POST', '/api/webchat/messages', { token: 'x'.repeat(43), payload })).statusCode).toBe(401);
      expect((await visitorApi('GET', '/api/webchat/messages', { token: ana.token, origin: OTHER_SITE })).statusCode).toBe(403);
      expect((await visitorApi('POST', '/api/webchat/messages', { token: ana.token, origin: OTHER_SITE, payload })).statusCode).toBe(403);
      expect((await visitorApi('POST', '/api/webchat/attachments', { token: ana.token, origin: OTHER_SITE, payload })).statusCode).toBe(
        403,
      );
      expect((await visitorApi('POST', '/api/webchat/messages', { token: ana.token, payload: { id: 'x', body: '' } })).statusCode).toBe(
        400,
      );
      expect(await count()).toBe(0);
    });

    it('a staff token: the visitor API knows only visitors', async () => {
      expect((await visitorApi('GET', '/api/webchat/messages', { token: s.adminToken })).statusCode).toBe(401);
    });

    it('sockets without a valid token or from another site', async () => {
      const ana = await newVisitor();
      expect(await visitorSocket(undefined).outcome).toEqual({ connected: false, message: 'ERR_INVALID_TOKEN' });
      expect(await visitorSocket('y'.repeat(43)).outcome).toEqual({ connected: false, message: 'ERR_INVALID_TOKEN' });
      expect(await visitorSocket(ana.token, OTHER_SITE).outcome).toEqual({ connected: false, message: 'ERR_NO_PERMISSION' });
      // Nor does another site reach the staff namespace now that foreign pages may open sockets.
      const staff = ioClient(base, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token: s.adminToken },
        extraHeaders: { origin: OTHER_SITE },
      });
      sockets.push(staff);
      const refused = await new Promise<string>((resolve) => staff.once('connect_error', (err) => resolve(err.message)));
      expect(refused).toBe('ERR_NO_PERMISSION');
    });

    it('a visitor of a deleted connection', async () => {
      const created = await s.app.inject({
        method: 'POST',
        url: '/api/whatsapp',
        headers: bearer(s.adminToken),
        payload: { name: 'Temporary site', channel: 'webchat', webchat: { allowedSites: [SITE] } },
      });
      const temp = created.json<typeof conn>();
      const res = await visitorApi('POST', `/api/webchat/${temp.webchat.publicKey}/visitors`, { payload: {} });
      const { token } = res.json<{ token: string }>();
      expect((await s.app.inject({ method: 'DELETE', url: `/api/whatsapp/${temp.id}`, headers: bearer(s.adminToken) })).statusCode).toBe(
        200,
      );
      expect((await visitorApi('GET', '/api/webchat/messages', { token })).statusCode).toBe(401);
      expect(
        await s.database.db
          .select()
          .from(webchatVisitors)
          .where(and(eq(webchatVisitors.whatsappId, temp.id))),
      ).toHaveLength(0);
    });
  });
});
