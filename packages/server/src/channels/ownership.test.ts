import { sql } from 'drizzle-orm';
import { rowsOf } from '../lib/sql.js';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, openTestDatabase, type TestDatabase, type TestServer } from '../test/harness.js';
import { connectSimulator, waitFor } from '../test/simulator.js';

describe('channel sessions across server processes', () => {
  let testDb: TestDatabase;
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close().catch(() => undefined);
    await testDb?.drop();
  });

  it(
    'runs each session in one process, takes it over when that process stops, and routes actions to the owner',
    { timeout: 90_000 },
    async () => {
      testDb = await openTestDatabase();
      const a = await createTestServer({ database: testDb.database });
      servers.push(a);
      const conn = await connectSimulator(a);
      const b = await createTestServer({ database: testDb.database });
      servers.push(b);

      // B started after A: the session stays with A.
      expect(a.services.channels.connected(conn.id)).not.toBeNull();
      expect(b.services.channels.connected(conn.id)).toBeNull();

      // A disconnect requested on B is carried out by A.
      const res = await b.app.inject({ method: 'DELETE', url: `/api/whatsappsession/${conn.id}`, headers: bearer(b.adminToken) });
      expect(res.statusCode).toBe(200);
      await waitFor(() => a.services.channels.connected(conn.id) === null);
      const status = async (s: TestServer) =>
        (await s.app.inject({ method: 'GET', url: `/api/whatsapp/${conn.id}`, headers: bearer(s.adminToken) })).json().status;
      await waitFor(async () => (await status(b)) === 'DISCONNECTED');

      // Pair again on A, scanned through B's simulator API: B asks A, whose session shows the QR.
      await a.app.inject({ method: 'POST', url: `/api/whatsappsession/${conn.id}`, headers: bearer(a.adminToken) });
      const pending = async () =>
        (await b.app.inject({ method: 'GET', url: '/api/simulator/pending', headers: bearer(b.adminToken) })).json<
          { connectionId: number; qrcode: string }[]
        >();
      const qrcode = await waitFor(async () => (await pending()).find((p) => p.connectionId === conn.id)?.qrcode);
      const scan = await b.app.inject({
        method: 'POST',
        url: '/api/simulator/scan',
        headers: bearer(b.adminToken),
        payload: { qrcode, number: conn.number },
      });
      expect(scan.statusCode, scan.body).toBe(200);
      await waitFor(() => a.services.channels.connected(conn.id) !== null);

      // A customer writes through B's simulator API: A's session receives it and it is stored once.
      const sent = await b.app.inject({
        method: 'POST',
        url: '/api/simulator/messages',
        headers: bearer(b.adminToken),
        payload: { from: '5511987650001', to: conn.number, body: 'hello from any process' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const stored = rowsOf(
        await a.database.db.execute(sql`select count(*)::int as n from messages where external_id = ${sent.json().id as string}`),
      );
      expect(stored[0].n).toBe(1);
      const call = await b.app.inject({
        method: 'POST',
        url: '/api/simulator/calls',
        headers: bearer(b.adminToken),
        payload: { from: '5511987650001', to: conn.number },
      });
      expect(call.statusCode, call.body).toBe(201);
      await a.close();
      servers.splice(servers.indexOf(a), 1);
      await b.services.channels.maintainLeases();
      await waitFor(() => b.services.channels.connected(conn.id) !== null);
      expect(await status(b)).toBe('CONNECTED');
    },
  );
});
