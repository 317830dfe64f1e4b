import { sql } from 'drizzle-orm';
import { rowsOf } from './lib/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, bearer, createTestServer, openTestDatabase, type TestDatabase, type TestServer } from './test/harness.js';
import { waitFor } from './test/simulator.js';
import { API_SEND_PER_MINUTE } from './modules/external-api/routes.js';

describe('state shared by server processes on one database', () => {
  let testDb: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    testDb = await openTestDatabase();
    a = await createTestServer({ database: testDb.database });
    b = await createTestServer({ database: testDb.database });
  });
  afterAll(async () => {
    await a?.close().catch(() => undefined);
    await b?.close().catch(() => undefined);
    await testDb?.drop();
  });

  const apiSend = (s: TestServer, token: string) => s.app.inject({ method: 'POST', url: '/api/send', headers: bearer(token), payload: {} });
  const token = async (s: TestServer) =>
    (await s.app.inject({ method: 'GET', url: '/api/settings/userApiToken', headers: bearer(s.adminToken) })).json().value as string;

  it('refuses a regenerated API token on the other process at once', async () => {
    const old = await token(a);
    // Accepted on B (the empty body fails validation after authorisation, not with 403).
    expect((await apiSend(b, old)).statusCode).toBe(400);
    const regen = await a.app.inject({ method: 'POST', url: '/api/settings/userApiToken/regenerate', headers: bearer(a.adminToken) });
    expect(regen.statusCode).toBe(200);
    const fresh = regen.json().value as string;
    expect((await apiSend(b, old)).statusCode).toBe(403);
    expect((await apiSend(b, fresh)).statusCode).toBe(400);
  });

  const put = async (s: TestServer, key: string, value: string) => {
    const res = await s.app.inject({ method: 'PUT', url: `/api/settings/${key}`, headers: bearer(s.adminToken), payload: { value } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('shows a setting changed on one process on the other', async () => {
    await put(a, 'darkMode', 'enabled');
    await waitFor(() => b.services.settings.get('darkMode') === 'enabled');
  });

  it.runIf(TEST_DB_KIND === 'postgres')('re-listens after the listening connection is terminated and re-reads what it missed', async () => {
    const listening = sql`select pg_terminate_backend(pid) as killed from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`;
    const killed = rowsOf(await testDb.database.db.execute(listening));
    expect(killed.length).toBeGreaterThan(0);
    // Written while B cannot hear: B learns it by re-reading after it listens again.
    await put(a, 'timezone', 'America/Sao_Paulo');
    await waitFor(() => b.services.settings.get('timezone') === 'America/Sao_Paulo');
    // Notifications flow again: a change after the reconnect reaches B.
    await waitFor(async () => {
      const r = rowsOf(
        await testDb.database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
        ),
      );
      return Number(r[0].n) >= killed.length;
    });
    await put(a, 'timezone', 'Europe/Lisbon');
    await waitFor(() => b.services.settings.get('timezone') === 'Europe/Lisbon');
  });

  it('counts failed sign-ins across processes: 10 failures spread over two lock the account on both', async () => {
    const user = await a.createUser();
    const login = (s: TestServer, password: string) =>
      s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });
    for (let i = 0; i < 10; i++) expect((await login(i % 2 ? a : b, `wrong-${i}`)).statusCode).toBe(401);
    expect((await login(a, user.password)).statusCode).toBe(429);
    expect((await login(b, user.password)).statusCode).toBe(429);
  });

  it('counts /api/send against one budget across processes: 120 a minute spread over two, then refused on both', async () => {
    const regen = await a.app.inject({ method: 'POST', url: '/api/settings/userApiToken/regenerate', headers: bearer(a.adminToken) });
    const fresh = regen.json().value as string;
    await waitFor(() => b.services.settings.get('userApiToken') === fresh);
    // The empty body is refused by validation after the limit counted the call.
    const codes: number[] = [];
    for (let i = 0; i < API_SEND_PER_MINUTE; i++) codes.push((await apiSend(i % 2 ? a : b, fresh)).statusCode);
    expect(codes.filter((c) => c !== 400)).toEqual([]);
    expect((await apiSend(a, fresh)).statusCode).toBe(429);
    expect((await apiSend(b, fresh)).statusCode).toBe(429);
  });
});
