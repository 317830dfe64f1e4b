import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsapps } from '../db/schema.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { waitFor } from '../test/simulator.js';

/**
 * While a burst of inbound messages is being stored, attendants see them as they are stored, not
 * all at the end: on the embedded database the burst must leave the event loop free to write to
 * the sockets (db/pglite-engine.ts shareTheEventLoop).
 */
describe('realtime during an inbound burst', () => {
  let s: TestServer;
  let socket: Socket;
  let connId: number;

  beforeAll(async () => {
    s = await createTestServer();
    const base = await s.listen();
    [{ id: connId }] = await s.database.db.insert(whatsapps).values({ name: 'Burst', channel: 'simulator', isDefault: true }).returning();
    socket = ioClient(base, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: { token: s.adminToken },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });
  afterAll(async () => {
    socket.close();
    await s.stop();
  });

  it('delivers events while later messages are still being stored, and every one of them', async () => {
    const customers = 40;
    const perCustomer = 10;
    const total = customers * perCustomer;
    let stored = 0;
    let storedAtFirstEvent = -1;
    let received = 0;
    let disconnected = false;
    socket.on('disconnect', () => (disconnected = true));
    socket.on('appMessage', (e: { action: string; message: { body: string } }) => {
      if (e.action !== 'create' || !e.message.body.startsWith('burst ')) return;
      if (storedAtFirstEvent < 0) storedAtFirstEvent = stored;
      received += 1;
    });
    // Each customer writes in order, the customers at once: as the channel manager feeds the pipeline.
    await Promise.all(
      Array.from({ length: customers }, async (_, c) => {
        const number = `5511977${String(c).padStart(6, '0')}`;
        for (let k = 0; k < perCustomer; k++) {
          await s.services.inbound.message(connId, {
            externalId: `BURST-${c}-${k}`,
            chat: { id: number, isGroup: false },
            sender: { number, name: `Burst ${c}` },
            fromMe: false,
            timestamp: new Date(),
            kind: 'chat',
            body: `burst ${c} ${k}`,
          });
          stored += 1;
        }
      }),
    );
    expect(storedAtFirstEvent).toBeGreaterThanOrEqual(0);
    expect(storedAtFirstEvent).toBeLessThan(total);
    await waitFor(() => received === total, 60_000);
    expect(disconnected).toBe(false);
  }, 180_000);
});
