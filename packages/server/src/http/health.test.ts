/** /api/health tells whether the database can take writes, not only whether the process runs. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, TEST_DB_KIND, type TestServer } from '../test/harness.js';

describe('health', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  }, 120_000);
  afterAll(() => s.stop());

  it('is 200 while the database takes writes', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: TEST_DB_KIND });
  });

  // The embedded database has one session, so making it read-only makes the whole database so.
  it.skipIf(TEST_DB_KIND === 'postgres')('is 503 while the database is read-only, and 200 again after', async () => {
    await s.database.db.execute(sql`set session characteristics as transaction read only`);
    try {
      const res = await s.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', reason: 'database read-only' });
    } finally {
      await s.database.db.execute(sql`set session characteristics as transaction read write`);
    }
    expect((await s.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
