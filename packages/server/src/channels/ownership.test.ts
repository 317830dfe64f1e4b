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

  it('runs each session in one process, takes it over when that process stops, and routes actions to the owner', async () => {
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
    await waitFor(async () => a.services.channels.connected(conn.id) === null);
    const status = async (s: TestServer) => (await s.app.inject({ method: 'GET', url: `/api/whatsapp/${conn.id}`, headers: bearer(s.adminToken) })).json().status;
    await waitFor(async () => (await status(b)) === 'DISCONNECTED');

    // Pair again on A, then A stops: B takes the session over with the stored pairing.
    await a.app.inject({ method: 'POST', url: `/api/whatsappsession/${conn.id}`, headers: bearer(a.adminToken) });
    const qrcode = await waitFor(async () => a.services.simulator!.pendingQrCodes().find((p) => p.connectionId === conn.id)?.qrcode);
    await a.services.simulator!.scan(qrcode, conn.number);
    await waitFor(async () => a.services.channels.connected(conn.id) !== null);
    await a.close();
    servers.splice(servers.indexOf(a), 1);
    await b.services.channels.maintainLeases();
    await waitFor(async () => b.services.channels.connected(conn.id) !== null);
    expect(await status(b)).toBe('CONNECTED');
  });
});
