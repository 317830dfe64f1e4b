/**
 * Several server processes share realtime through Redis: an event emitted by one server reaches a
 * browser connected to another, and presence is seen across both. Runs when TEST_REDIS_URL is set.
 */
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, openTestDatabase, type TestDatabase, type TestServer } from '../test/harness.js';
import { waitFor } from '../test/simulator.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('realtime across server processes (Redis adapter)', () => {
  let testDb: TestDatabase;
  const servers: TestServer[] = [];
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const so of sockets) so.close();
    for (const s of servers) await s.close().catch(() => undefined);
    await testDb?.drop();
  });

  it('delivers an event emitted on one server to a client of the other, and shares presence', async () => {
    testDb = await openTestDatabase();
    const secrets = { JWT_SECRET: 'x'.repeat(40), JWT_REFRESH_SECRET: 'y'.repeat(40) };
    const a = await createTestServer({ database: testDb.database, env: { REDIS_URL: redisUrl!, ...secrets } });
    servers.push(a);
    const b = await createTestServer({ database: testDb.database, env: { REDIS_URL: redisUrl!, ...secrets } });
    servers.push(b);
    const baseB = await b.listen();

    const socket = ioClient(baseB, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: a.adminToken } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const got = new Promise<unknown>((resolve) => socket.on('settings', resolve));
    const res = await a.app.inject({ method: 'PUT', url: '/api/settings/darkMode', headers: bearer(a.adminToken), payload: { value: 'enabled' } });
    expect(res.statusCode).toBe(200);
    expect(await got).toMatchObject({ action: 'update', setting: { key: 'darkMode', value: 'enabled' } });
    await waitFor(async () => (await a.ctx.realtime.onlineUserIds()).size > 0);
  });
});
