/**
 * Socket events are rate-limited per socket: a client flooding requests gets a few answered, the
 * rest refused without work, and is then disconnected; other users are served meanwhile.
 */
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { queues, tickets, whatsapps } from '../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { phoneNumber } from '../test/simulator.js';
import { DEFAULT_EVENT_LIMIT } from './realtime.js';

describe('socket event rate limit', () => {
  let s: TestServer;
  let base: string;
  const sockets: Socket[] = [];

  async function connect(token: string): Promise<Socket> {
    const socket = ioClient(base, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, auth: { token } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  beforeAll(async () => {
    s = await createTestServer();
    base = await s.listen();
  });
  afterAll(async () => {
    for (const so of sockets) so.close();
    await s.stop();
  });

  it('5,000 join requests from one attendant: a bucketful is answered, the rest refused, the socket dropped; an admin is served meanwhile', async () => {
    const db = s.database.db;
    const [{ id: connId }] = await db.insert(whatsapps).values({ name: 'RL', channel: 'simulator', isDefault: true }).returning();
    const [{ id: sales }] = await db.insert(queues).values({ name: 'Sales', color: '#0a0' }).returning();
    const r = await s.services.inbound.message(connId, {
      externalId: 'RL1',
      chat: { id: phoneNumber(), isGroup: false },
      sender: { number: phoneNumber(), name: 'Cliente' },
      fromMe: false,
      timestamp: new Date(),
      kind: 'chat',
      body: 'hi',
    });
    const ticketId = r!.ticket.id;
    await db.update(tickets).set({ queueId: sales }).where(eq(tickets.id, ticketId));
    const flooder = await s.createUser({ queueIds: [sales] });
    const f = await connect(flooder.token);
    const admin = await connect(s.adminToken);
    const warn = vi.spyOn(s.ctx.log, 'warn');

    // Normal use is never refused.
    for (let i = 0; i < 5; i++) expect(await f.emitWithAck('joinChatBox', ticketId)).toBe(true);

    let answered = 0;
    let refused = 0;
    const flooderSocketId = f.id;
    const dropped = new Promise<string>((resolve) => f.once('disconnect', resolve));
    for (let i = 0; i < 5000; i++) {
      f.emit('joinChatBox', ticketId, (answer: unknown) => {
        if (typeof answer === 'boolean') answered += 1;
        else if ((answer as { error?: string })?.error === 'ERR_RATE_LIMITED') refused += 1;
      });
    }
    // Another user's API call and socket requests are served while the flood is handled.
    const [list, adminJoin] = await Promise.all([
      s.app.inject({ method: 'GET', url: '/api/tickets?showAll=true', headers: bearer(s.adminToken) }),
      admin.emitWithAck('joinChatBox', ticketId),
    ]);
    expect(list.statusCode).toBe(200);
    expect(adminJoin).toBe(true);

    expect(await dropped).toBe('io server disconnect');
    // The server did the work of about one bucket (plus what refilled during the flood), no more;
    // answers still pending when the socket was dropped are never sent.
    expect(answered).toBeLessThan(DEFAULT_EVENT_LIMIT.burst * 3);
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(DEFAULT_EVENT_LIMIT.maxRefused);
    expect(admin.connected).toBe(true);

    // Operators see who was dropped, and which socket, once; the admin is not reported.
    const floods = warn.mock.calls.filter(([, message]) => message === 'socket disconnected for flooding events');
    expect(floods).toHaveLength(1);
    expect(floods[0][0]).toMatchObject({ userId: flooder.id, socketId: flooderSocketId });
  });
});
