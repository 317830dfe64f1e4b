/**
 * What one user, or anyone with made-up web chat tokens, can make the realtime server carry: a
 * bounded number of sockets per user, one join budget across them, and web chat handshakes
 * counted per address and in total before the database is read.
 */
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { queues, tickets, whatsapps } from '../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { phoneNumber, waitFor } from '../test/simulator.js';
import { DEFAULT_USER_LIMIT } from './realtime.js';
import { DEFAULT_HANDSHAKE_LIMITS } from '../channels/webchat/namespace.js';

const SITE = 'https://shop.example.com';

describe('realtime limits per user and per address', () => {
  let s: TestServer;
  let base: string;
  const sockets: Socket[] = [];

  const open = (namespace: string, auth: Record<string, string>, headers: Record<string, string> = {}) => {
    const socket = ioClient(`${base}${namespace}`, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth,
      extraHeaders: headers,
    });
    sockets.push(socket);
    return new Promise<{ socket: Socket; connected: boolean; message?: string }>((resolve) => {
      socket.once('connect', () => resolve({ socket, connected: true }));
      socket.once('connect_error', (err) => resolve({ socket, connected: false, message: err.message }));
    });
  };

  beforeAll(async () => {
    // The web chat handshakes below come from many clients behind a proxy on this machine.
    s = await createTestServer({ env: { SOCKETS_PER_USER: '20', TRUST_PROXY: 'true' } });
    base = await s.listen();
  });
  afterAll(async () => {
    for (const so of sockets) so.close();
    await s.stop();
  });

  it('an attendant opening 200 sockets gets 20; the others are refused and an admin is served', async () => {
    const attendant = await s.createUser();
    const outcomes = await Promise.all(Array.from({ length: 200 }, () => open('/', { token: attendant.token })));
    const connected = outcomes.filter((o) => o.connected);
    const refused = outcomes.filter((o) => !o.connected);
    // Handshakes that passed the first check together are dropped once connected, never kept.
    await waitFor(() => connected.filter((o) => o.socket.connected).length <= 20);
    expect(connected.filter((o) => o.socket.connected)).toHaveLength(20);
    expect(refused.length).toBeGreaterThanOrEqual(180 - (connected.length - 20));
    expect(new Set(refused.map((o) => o.message))).toEqual(new Set(['ERR_TOO_MANY_SOCKETS']));

    const list = await s.app.inject({ method: 'GET', url: '/api/tickets?showAll=true', headers: bearer(s.adminToken) });
    expect(list.statusCode).toBe(200);
    expect((await open('/', { token: s.adminToken })).connected).toBe(true);

    // A socket closed frees its place.
    connected.find((o) => o.socket.connected)!.socket.close();
    const again = await waitFor(async () => {
      const o = await open('/', { token: attendant.token });
      return o.connected ? o : null;
    });
    expect(again.connected).toBe(true);
    for (const o of outcomes) o.socket.close();
  });

  it('chat-box joins share one budget across all of a user’s sockets', async () => {
    const db = s.database.db;
    const [{ id: connId }] = await db.insert(whatsapps).values({ name: 'UL', channel: 'simulator' }).returning();
    const [{ id: sector }] = await db.insert(queues).values({ name: 'UL sector', color: '#0a0' }).returning();
    const r = await s.services.inbound.message(connId, {
      externalId: 'UL1',
      chat: { id: phoneNumber(), isGroup: false },
      sender: { number: phoneNumber(), name: 'Cliente' },
      fromMe: false,
      timestamp: new Date(),
      kind: 'chat',
      body: 'hi',
    });
    await db.update(tickets).set({ queueId: sector }).where(eq(tickets.id, r!.ticket.id));
    const attendant = await s.createUser({ queueIds: [sector] });
    const mine = (await Promise.all(Array.from({ length: 20 }, () => open('/', { token: attendant.token })))).map((o) => o.socket);
    expect(mine.every((so) => so.connected)).toBe(true);

    // 10 joins on each of 20 sockets: each socket stays within its own budget (20 at once).
    const started = Date.now();
    const answers = await Promise.all(
      mine.flatMap((so) => Array.from({ length: 10 }, () => so.emitWithAck('joinChatBox', r!.ticket.id) as Promise<unknown>)),
    );
    const seconds = (Date.now() - started) / 1000;
    const allowed = answers.filter((a) => a === true).length;
    const limited = answers.filter((a) => (a as { error?: string })?.error === 'ERR_RATE_LIMITED').length;
    expect(allowed + limited).toBe(200);
    // One bucket's worth plus what refilled while they were answered — not 200 database reads.
    expect(allowed).toBeLessThanOrEqual(DEFAULT_USER_LIMIT.joins.burst + Math.ceil(seconds * DEFAULT_USER_LIMIT.joins.perSecond) + 1);
    expect(limited).toBeGreaterThan(0);
    for (const so of mine) so.close();
  });

  it('web chat handshakes with made-up tokens are counted per address before any token is looked up', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/whatsapp',
      headers: bearer(s.adminToken),
      payload: { name: 'Site', channel: 'webchat', webchat: { allowedSites: [SITE], color: '#aa3300', askContact: false } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const key = res.json<{ webchat: { publicKey: string } }>().webchat.publicKey;
    const visitor = await s.app.inject({ method: 'POST', url: `/api/webchat/${key}/visitors`, headers: { origin: SITE }, payload: {} });
    expect(visitor.statusCode, visitor.body).toBe(201);
    const { token } = visitor.json<{ token: string }>();

    const attacker = '198.51.100.66';
    const from = (address: string) => ({ origin: SITE, 'x-forwarded-for': address });
    const random = () => randomBytes(32).toString('base64url');
    const outcomes = [];
    const started = Date.now();
    for (let i = 0; i < 100; i++) outcomes.push(await open('/webchat', { token: random() }, from(attacker)));
    const seconds = (Date.now() - started) / 1000;
    const messages = outcomes.map((o) => o.message);
    const { burst, perSecond } = DEFAULT_HANDSHAKE_LIMITS.perAddress;
    // The address's burst is looked up (and refused as unknown tokens); past it, and what refilled
    // meanwhile, handshakes are refused before their token is read.
    expect(messages.slice(0, burst).every((m) => m === 'ERR_INVALID_TOKEN')).toBe(true);
    const lookedUp = messages.filter((m) => m === 'ERR_INVALID_TOKEN').length;
    expect(lookedUp).toBeLessThanOrEqual(burst + Math.ceil(seconds * perSecond) + 1);
    expect(messages.filter((m) => m === 'ERR_TOO_MANY_REQUESTS')).toHaveLength(100 - lookedUp);

    // A real visitor at another address connects meanwhile.
    expect((await open('/webchat', { token }, from('203.0.113.10'))).connected).toBe(true);
  });
});
