/**
 * The reference product's web clients on Socket.IO namespace `/api`: the token in the handshake
 * query as they send it, CORS on the handshake for ALLOWED_ORIGINS, and what each of their sockets
 * receives — what it asked for (a status list, notifications, a chat) within what its user may see.
 */
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queues, whatsapps } from '../db/schema.js';
import { bearer, createTestServer, openTestDatabase, type TestServer } from '../test/harness.js';
import { phoneNumber, waitFor } from '../test/simulator.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a socket payload as the client receives it: raw JSON, read field by field
type Payload = any;

const CLIENT_ORIGIN = 'http://reference-client.example:3000';

interface Listener {
  socket: Socket;
  events: { event: string; payload: Payload }[];
}

describe('reference clients on the /api namespace', () => {
  let s: TestServer;
  let base: string;
  let connId: number;
  let sales: number;
  const sockets: Socket[] = [];
  let seq = 0;

  /** As whaticket-community's frontend opens it: the base URL's namespace, the token in the query. */
  function referenceSocket(
    token: string | undefined,
    opts: { transports?: ('websocket' | 'polling')[]; namespace?: string; origin?: string } = {},
  ): Socket {
    const socket = ioClient(`${base}${opts.namespace ?? '/api'}`, {
      transports: opts.transports ?? ['websocket', 'polling'],
      forceNew: true,
      reconnection: false,
      ...(token === undefined ? {} : { query: { token } }),
      ...(opts.origin ? { extraHeaders: { Origin: opts.origin } } : {}),
    });
    sockets.push(socket);
    return socket;
  }

  function outcome(socket: Socket): Promise<{ connected: true } | { connected: false; message: string }> {
    return new Promise((resolve) => {
      socket.once('connect', () => resolve({ connected: true }));
      socket.once('connect_error', (err) => resolve({ connected: false, message: err.message }));
    });
  }

  async function listener(token: string, ...requests: [string, ...unknown[]][]): Promise<Listener> {
    const socket = referenceSocket(token);
    const events: Listener['events'] = [];
    socket.onAny((event, payload) => events.push({ event, payload }));
    const result = await outcome(socket);
    if (!result.connected) throw new Error(`refused: ${result.message}`);
    // The reference clients emit without waiting for an answer; the acknowledgement here only
    // orders the test after the server granted the request.
    for (const [event, ...args] of requests) await socket.emitWithAck(event, ...args);
    return { socket, events };
  }

  let barrier = 0;
  /** Every listener got a broadcast sent after the step: whatever the step sent has arrived. */
  async function settle(listeners: Listener[]): Promise<void> {
    const n = ++barrier;
    // A marker outside the typed event map, sent to everyone.
    (s.ctx.realtime.emitToAll as (event: string, payload: unknown) => void).call(s.ctx.realtime, 'barrier', n);
    for (const l of listeners) await waitFor(() => l.events.some((e) => e.event === 'barrier' && e.payload === n));
  }

  const inbound = (number: string, body: string) =>
    s.services.inbound.message(connId, {
      externalId: `REF${++seq}-${number}`,
      chat: { id: number, isGroup: false },
      sender: { number, name: 'Cliente' },
      fromMe: false,
      timestamp: new Date(),
      kind: 'chat',
      body,
    });

  const ticketOf = async (number: string) => {
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/tickets?searchParam=${number}&showAll=true&status=pending`,
      headers: bearer(s.adminToken),
    });
    return (res.json().tickets as { id: number; contact: { number: string } }[]).find((t) => t.contact.number === number)!;
  };

  beforeAll(async () => {
    s = await createTestServer({ env: { ALLOWED_ORIGINS: CLIENT_ORIGIN } });
    base = await s.listen();
    const db = s.database.db;
    [{ id: connId }] = await db.insert(whatsapps).values({ name: 'Reference', channel: 'simulator', isDefault: true }).returning();
    [{ id: sales }] = await db.insert(queues).values({ name: 'Sales', color: '#0a0' }).returning();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await s.stop();
  });

  describe('the handshake', () => {
    it('accepts the token in the query, over WebSocket and over long-polling', async () => {
      for (const transports of [['websocket'], ['polling']] as const) {
        expect(await outcome(referenceSocket(s.adminToken, { transports: [...transports] }))).toEqual({ connected: true });
      }
    });

    it('refuses a missing or wrong token', async () => {
      expect(await outcome(referenceSocket(undefined))).toEqual({ connected: false, message: 'ERR_SESSION_EXPIRED' });
      expect(await outcome(referenceSocket('not-a-token'))).toEqual({ connected: false, message: 'ERR_SESSION_EXPIRED' });
    });

    it("keeps the web app's namespace to tokens in auth (a query string ends up in logs)", async () => {
      expect(await outcome(referenceSocket(s.adminToken, { namespace: '' }))).toEqual({ connected: false, message: 'ERR_SESSION_EXPIRED' });
    });

    it("answers a listed origin's long-polling handshake with CORS headers, and no other origin", async () => {
      const listed = await fetch(`${base}/socket.io/?EIO=4&transport=polling`, { headers: { Origin: CLIENT_ORIGIN } });
      expect(listed.status).toBe(200);
      expect(listed.headers.get('access-control-allow-origin')).toBe(CLIENT_ORIGIN);
      expect(listed.headers.get('access-control-allow-credentials')).toBe('true');

      const preflight = await fetch(`${base}/socket.io/?EIO=4&transport=polling`, {
        method: 'OPTIONS',
        headers: { Origin: CLIENT_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe(CLIENT_ORIGIN);

      const other = await fetch(`${base}/socket.io/?EIO=4&transport=polling`, { headers: { Origin: 'http://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      // And such a page cannot sign in on the socket either.
      expect(await outcome(referenceSocket(s.adminToken, { origin: 'http://evil.example' }))).toEqual({
        connected: false,
        message: 'ERR_NO_PERMISSION',
      });
      expect(await outcome(referenceSocket(s.adminToken, { origin: CLIENT_ORIGIN }))).toEqual({ connected: true });
    });
  });

  describe('what each socket receives', () => {
    it("a list gets its status' tickets, a chat its ticket, notifications everything — all within what the user may see", async () => {
      const alice = await s.createUser({ queueIds: [sales] });
      const bob = await s.createUser({ queueIds: [] });
      const customer = phoneNumber();
      const neighbour = phoneNumber();
      await inbound(customer, 'first words');
      await inbound(neighbour, 'another chat');
      const ticket = await waitFor(() => ticketOf(customer));
      const other = await waitFor(() => ticketOf(neighbour));
      for (const id of [ticket.id, other.id]) {
        const moved = await s.app.inject({
          method: 'PUT',
          url: `/api/tickets/${id}`,
          headers: bearer(s.adminToken),
          payload: { queueId: sales },
        });
        expect(moved.statusCode, moved.body).toBe(200);
      }

      const pending = await listener(alice.token, ['joinTickets', 'pending']);
      const open = await listener(alice.token, ['joinTickets', 'open']);
      const notifications = await listener(alice.token, ['joinNotification']);
      const otherChat = await listener(alice.token, ['joinChatBox', String(other.id)]);
      const bobPending = await listener(bob.token, ['joinTickets', 'pending']);
      // Bob may not see the ticket: his chat request is refused and brings him nothing.
      const bobChat = referenceSocket(bob.token);
      const bobChatEvents: Listener['events'] = [];
      bobChat.onAny((event, payload) => bobChatEvents.push({ event, payload }));
      expect(await outcome(bobChat)).toEqual({ connected: true });
      expect(await bobChat.emitWithAck('joinChatBox', String(ticket.id))).toBe(false);
      const all = [pending, open, notifications, otherChat, bobPending, { socket: bobChat, events: bobChatEvents }];

      await inbound(customer, 'live words');
      await settle(all);
      const got = (l: Listener, event: string, match: (p: Payload) => boolean) =>
        l.events.some((e) => e.event === event && match(e.payload));
      const liveMessage = (p: Payload) =>
        p.action === 'create' && p.message.body === 'live words' && p.ticket.id === ticket.id && p.contact.number === customer;
      expect(got(pending, 'appMessage', liveMessage)).toBe(true);
      expect(got(notifications, 'appMessage', liveMessage)).toBe(true);
      for (const l of [open, otherChat, bobPending, { socket: bobChat, events: bobChatEvents }])
        expect(got(l, 'appMessage', liveMessage)).toBe(false);

      // Alice accepts: the pending list drops the ticket, the open list gets it, the notifier sees it.
      const accepted = await s.app.inject({
        method: 'PUT',
        url: `/api/tickets/${ticket.id}`,
        headers: bearer(alice.token),
        payload: { status: 'open', userId: alice.id },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      await settle(all);
      const openUpdate = (p: Payload) => p.action === 'update' && p.ticket.id === ticket.id && p.ticket.status === 'open';
      expect(got(open, 'ticket', openUpdate)).toBe(true);
      expect(got(notifications, 'ticket', openUpdate)).toBe(true);
      expect(got(pending, 'ticket', openUpdate)).toBe(false);
      expect(got(pending, 'ticket', (p) => p.action === 'delete' && p.ticketId === ticket.id)).toBe(true);
      expect(got(open, 'ticket', (p) => p.action === 'delete' && p.ticketId === ticket.id)).toBe(false);
      for (const l of [bobPending, { socket: bobChat, events: bobChatEvents }])
        expect(l.events.some((e) => e.event === 'ticket' && (e.payload.ticket?.id ?? e.payload.ticketId) === ticket.id)).toBe(false);

      // The chat of the other ticket still only hears its own ticket.
      await inbound(neighbour, 'for the other chat');
      await settle(all);
      expect(got(otherChat, 'appMessage', (p) => p.message.body === 'for the other chat')).toBe(true);
      expect(otherChat.events.filter((e) => e.event === 'appMessage').every((e) => e.payload.ticket.id === other.id)).toBe(true);
    });

    it('follows a change of permissions: a user taken out of the sector stops hearing its tickets', async () => {
      const carol = await s.createUser({ queueIds: [sales] });
      const customer = phoneNumber();
      await inbound(customer, 'hello carol');
      const ticket = await waitFor(() => ticketOf(customer));
      expect(
        (
          await s.app.inject({
            method: 'PUT',
            url: `/api/tickets/${ticket.id}`,
            headers: bearer(s.adminToken),
            payload: { queueId: sales },
          })
        ).statusCode,
      ).toBe(200);
      const list = await listener(carol.token, ['joinTickets', 'pending']);

      await inbound(customer, 'while in sales');
      await settle([list]);
      expect(list.events.some((e) => e.event === 'appMessage' && e.payload.message.body === 'while in sales')).toBe(true);

      const edited = await s.app.inject({
        method: 'PUT',
        url: `/api/users/${carol.id}`,
        headers: bearer(s.adminToken),
        payload: { queueIds: [] },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      await waitFor(async () => {
        const [remote] = await s.ctx.realtime.namespace('/api')!.in(`user:${carol.id}`).fetchSockets();
        return remote && ![...remote.rooms].some((r) => r.startsWith(`queue:${sales}`));
      });
      await inbound(customer, 'after leaving sales');
      await settle([list]);
      expect(list.events.some((e) => e.event === 'appMessage' && e.payload.message.body === 'after leaving sales')).toBe(false);
    });
  });

  describe('across two server processes sharing Redis', () => {
    const redisUrl = process.env.TEST_REDIS_URL;

    it.skipIf(!redisUrl)(
      'a reference socket on one process hears a customer message stored by the other',
      async () => {
        const testDb = await openTestDatabase();
        const env = { REDIS_URL: redisUrl!, JWT_SECRET: 'r'.repeat(40), JWT_REFRESH_SECRET: 's'.repeat(40) };
        const actor = await createTestServer({ database: testDb.database, env });
        const host = await createTestServer({ database: testDb.database, env });
        let socket: Socket | undefined;
        try {
          const hostUrl = await host.listen();
          const [{ id }] = await actor.database.db
            .insert(whatsapps)
            .values({ name: 'Across', channel: 'simulator', isDefault: true })
            .returning();
          socket = ioClient(`${hostUrl}/api`, {
            transports: ['websocket'],
            forceNew: true,
            reconnection: false,
            query: { token: actor.adminToken },
          });
          const heard: Payload[] = [];
          socket.on('appMessage', (p: Payload) => heard.push(p));
          await new Promise<void>((resolve, reject) => {
            socket!.once('connect', () => resolve());
            socket!.once('connect_error', reject);
          });
          await socket.emitWithAck('joinNotification');
          const number = phoneNumber();
          await actor.services.inbound.message(id, {
            externalId: `ACROSS-${number}`,
            chat: { id: number, isGroup: false },
            sender: { number, name: 'Cliente' },
            fromMe: false,
            timestamp: new Date(),
            kind: 'chat',
            body: 'heard across processes',
          });
          await waitFor(() => heard.some((p) => p.message.body === 'heard across processes'));
        } finally {
          socket?.close();
          await actor.close();
          await host.close();
          await testDb.drop();
        }
        // Two servers and a database of their own: slow to start on a busy machine.
      },
      180_000,
    );
  });
});
