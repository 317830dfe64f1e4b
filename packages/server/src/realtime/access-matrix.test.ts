/**
 * The realtime access matrix: what each socket receives while a ticket is transferred, returned,
 * moved between sectors and while users are edited. Real Socket.IO clients; every step is checked
 * for every user, both ways (who must receive, who must not). With TEST_REDIS_URL the same walk
 * runs across two server processes: the changes are made on one, the sockets live on the other.
 */
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queues, whatsapps } from '../db/schema.js';
import { bearer, createTestServer, openTestDatabase, type TestDatabase, type TestServer } from '../test/harness.js';
import { phoneNumber, waitFor } from '../test/simulator.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a socket payload as the client receives it: raw JSON, read field by field
type Payload = any;

type Who = 'admin' | 'alice' | 'bob' | 'nora' | 'tina';
const EVERYONE: Who[] = ['admin', 'alice', 'bob', 'nora', 'tina'];

interface Listener {
  socket: Socket;
  events: { event: string; payload: Payload }[];
}

const redisUrl = process.env.TEST_REDIS_URL;

const modes = [
  { name: 'one server', redis: false },
  { name: 'two servers sharing Redis', redis: true },
] as const;

describe.each(modes)('realtime access matrix ($name)', ({ redis }) => {
  let testDb: TestDatabase | null = null;
  /** Where the changes are made. */
  let actor: TestServer;
  /** Where the sockets are connected (the same server without Redis). */
  let host: TestServer;
  let hostUrl: string;
  let connId: number;
  let sales: number;
  let support: number;
  const ids = {} as Record<Who, number>;
  const tokens = {} as Record<Who, string>;
  const listeners = {} as Record<Who, Listener>;
  const sockets: Socket[] = [];

  async function listen(token: string): Promise<Listener> {
    const socket = ioClient(hostUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: { token },
    });
    sockets.push(socket);
    const events: Listener['events'] = [];
    socket.onAny((event, payload) => events.push({ event, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, events };
  }

  let seq = 0;
  const inbound = (number: string, body: string) =>
    actor.services.inbound.message(connId, {
      externalId: `AM${redis ? 'R' : 'S'}${++seq}`,
      chat: { id: number, isGroup: false },
      sender: { number, name: 'Cliente' },
      fromMe: false,
      timestamp: new Date(),
      kind: 'chat',
      body,
    });

  let barrier = 0;
  /**
   * Waits until every connected socket got a broadcast sent after the step: events reach a socket
   * in the order they were emitted, so whatever the step sent has arrived by then.
   */
  async function settle(): Promise<void> {
    const n = ++barrier;
    // A marker outside the event map, to know every earlier event has arrived.
    (actor.ctx.realtime.emit as (rooms: string, event: string, payload: unknown) => void).call(actor.ctx.realtime, 'users', 'barrier', n);
    for (const who of EVERYONE) {
      const l = listeners[who];
      if (!l.socket.connected) continue;
      await waitFor(() => l.events.some((e) => e.event === 'barrier' && e.payload === n));
    }
  }

  /** Who received the customer's message `body` (appMessage) since the start. */
  function receivers(body: string): Who[] {
    return EVERYONE.filter((who) => listeners[who].events.some((e) => e.event === 'appMessage' && e.payload.message.body === body));
  }

  async function customerSays(number: string, body: string): Promise<Who[]> {
    await inbound(number, body);
    await settle();
    return receivers(body);
  }

  const put = async (url: string, payload: object, token = actor.adminToken) => {
    const res = await actor.app.inject({ method: 'PUT', url: `/api${url}`, headers: bearer(token), payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    if (redis && !redisUrl) return;
    if (redis) {
      testDb = await openTestDatabase();
      const env = { REDIS_URL: redisUrl!, JWT_SECRET: 'm'.repeat(40), JWT_REFRESH_SECRET: 'n'.repeat(40) };
      actor = await createTestServer({ database: testDb.database, env });
      host = await createTestServer({ database: testDb.database, env });
    } else {
      actor = host = await createTestServer();
    }
    hostUrl = await host.listen();
    const db = actor.database.db;
    [{ id: connId }] = await db.insert(whatsapps).values({ name: 'Matrix', channel: 'simulator', isDefault: true }).returning();
    [{ id: sales }] = await db.insert(queues).values({ name: 'Sales', color: '#0a0' }).returning();
    [{ id: support }] = await db.insert(queues).values({ name: 'Support', color: '#00a' }).returning();
    const alice = await actor.createUser({ queueIds: [sales] });
    const bob = await actor.createUser({ queueIds: [support] });
    const nora = await actor.createUser();
    const tina = await actor.createUser({ allTicket: 'enabled' });
    const me = (await actor.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(actor.adminToken) })).json();
    Object.assign(ids, { admin: me.id, alice: alice.id, bob: bob.id, nora: nora.id, tina: tina.id });
    Object.assign(tokens, { admin: actor.adminToken, alice: alice.token, bob: bob.token, nora: nora.token, tina: tina.token });
    for (const who of EVERYONE) listeners[who] = await listen(tokens[who]);
  });

  afterAll(async () => {
    for (const so of sockets) so.close();
    if (!actor) return;
    if (redis) {
      await actor.close();
      await host.close();
      await testDb?.drop();
    } else {
      await actor.stop();
    }
  });

  it.skipIf(redis && !redisUrl)('follows a ticket through transfer, return, sector change and user edits', async () => {
    const number = phoneNumber();
    const first = await inbound(number, 'm1 sectorless');
    const ticketId = first!.ticket.id;
    await settle();
    // Sectorless and unassigned: admins and users allowed to see sectorless tickets.
    expect(receivers('m1 sectorless')).toEqual(['admin', 'tina']);

    // An admin routes it to Sales: tina loses it (a `moved` delete), alice gains it.
    await put(`/tickets/${ticketId}`, { queueId: sales, transf: true });
    await settle();
    expect(
      listeners.tina.events.some((e) => e.event === 'ticket' && e.payload.action === 'delete' && e.payload.ticketId === ticketId),
    ).toBe(true);
    expect(await customerSays(number, 'm2 in sales')).toEqual(['admin', 'alice']);

    // Alice accepts it; the chat-box join is answered from what she may see.
    await put(`/tickets/${ticketId}`, { status: 'open' }, tokens.alice);
    expect(await listeners.alice.socket.emitWithAck('joinChatBox', ticketId)).toBe(true);
    expect(await listeners.bob.socket.emitWithAck('joinChatBox', ticketId)).toBe(false);
    expect(await customerSays(number, 'm3 alice attends')).toEqual(['admin', 'alice']);

    // Alice transfers it to Support: she stops receiving it at once, bob starts.
    await put(`/tickets/${ticketId}`, { queueId: support, userId: null, transf: true });
    expect(await customerSays(number, 'm4 in support')).toEqual(['admin', 'bob']);
    expect(await listeners.alice.socket.emitWithAck('joinChatBox', ticketId)).toBe(false);

    // Bob accepts, then returns it to the Support queue.
    await put(`/tickets/${ticketId}`, { status: 'open' }, tokens.bob);
    expect(await customerSays(number, 'm5 bob attends')).toEqual(['admin', 'bob']);
    await put(`/tickets/${ticketId}`, { status: 'pending' }, tokens.bob);
    expect(await customerSays(number, 'm6 returned to support')).toEqual(['admin', 'bob']);

    // User edits: bob leaves Support, alice joins it — their open sockets follow.
    await put(`/users/${ids.bob}`, { queueIds: [] });
    await put(`/users/${ids.alice}`, { queueIds: [sales, support] });
    expect(await customerSays(number, 'm7 after sector edits')).toEqual(['admin', 'alice']);

    // Nora is made admin: she sees it; demoted again, she no longer does.
    await put(`/users/${ids.nora}`, { profile: 'admin' });
    expect(await customerSays(number, 'm8 nora admin')).toEqual(['admin', 'alice', 'nora']);
    await put(`/users/${ids.nora}`, { profile: 'user' });
    expect(await customerSays(number, 'm9 nora demoted')).toEqual(['admin', 'alice']);

    // Back to no sector: only the allTicket flag sees it — until the allTicket setting opens it to all.
    await put(`/tickets/${ticketId}`, { queueId: null, transf: true });
    expect(await customerSays(number, 'm10 sectorless again')).toEqual(['admin', 'tina']);
    await put('/settings/allTicket', { value: 'enabled' });
    await waitFor(() => listeners.nora.events.some((e) => e.event === 'settings' && e.payload.setting?.key === 'allTicket'));
    expect(await customerSays(number, 'm11 setting on')).toEqual(EVERYONE);
    await put('/settings/allTicket', { value: 'disabled' });
    expect(await customerSays(number, 'm12 setting off')).toEqual(['admin', 'tina']);
    await put(`/users/${ids.tina}`, { allTicket: 'desabled' });
    expect(await customerSays(number, 'm13 flag off')).toEqual(['admin']);

    // Deleting the ticket tells only those who could see it.
    const del = await actor.app.inject({ method: 'DELETE', url: `/api/tickets/${ticketId}`, headers: bearer(actor.adminToken) });
    expect(del.statusCode).toBe(200);
    await settle();
    const deletedFor = EVERYONE.filter((who) =>
      listeners[who].events.some(
        (e) => e.event === 'ticket' && e.payload.action === 'delete' && e.payload.ticketId === ticketId && !e.payload.moved,
      ),
    );
    expect(deletedFor).toEqual(['admin']);
  });

  it.skipIf(redis && !redisUrl)(
    'a password change disconnects the user’s open sockets; a new socket with the old token is refused',
    async () => {
      const u = await actor.createUser({ queueIds: [sales] });
      const l = await listen(u.token);
      const closed = new Promise<void>((resolve) => l.socket.once('disconnect', () => resolve()));
      await put(`/users/${u.id}`, { password: 'changed-secret' });
      await closed;
      const again = ioClient(hostUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        auth: { token: u.token },
      });
      sockets.push(again);
      const error = await new Promise<Error>((resolve) => again.once('connect_error', resolve));
      expect(error.message).toBe('ERR_SESSION_EXPIRED');
    },
  );
});
