/**
 * Storage faults answer 503 ERR_DATABASE_UNAVAILABLE (docs/operations.md "Logs and health"), never
 * 500, and /api/health says writes are failing until a change succeeds again. The faults are the
 * real ones: PostgreSQL's own error codes raised by the database (a trigger, so PGlite and
 * PostgreSQL alike), and the errors node-postgres really gives for a refused and for a dropped
 * connection.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/client.js';
import { isDatabaseUnavailable } from '../lib/app-error.js';
import { freePort } from '../test/free-port.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';

/** What node-postgres throws for a query when `connect` meets the given server (or nothing). */
async function driverErrorFrom(server: 'refused' | 'dropped'): Promise<unknown> {
  const port = await freePort();
  let listener: net.Server | undefined;
  if (server === 'dropped') {
    // Accepts, then hangs up at once: the connection is terminated before it could be used.
    listener = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => listener!.listen(port, '127.0.0.1', resolve));
  }
  const database = await openDatabase({ url: `postgres://nobody@127.0.0.1:${port}/none`, poolSize: 1 });
  try {
    await database.db.execute(sql`select 1`);
    throw new Error('expected the query to fail');
  } catch (err) {
    return err;
  } finally {
    await database.close().catch(() => undefined);
    await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  }
}

describe('storage faults', () => {
  let s: TestServer;
  const triggers: string[] = [];

  /** From now on inserts into sectors fail as the database fails with `sqlstate`. */
  async function failInserts(sqlstate: string, message: string): Promise<void> {
    const fn = `test_fail_${sqlstate.toLowerCase()}`;
    await s.database.db.execute(
      sql.raw(`create or replace function ${fn}() returns trigger language plpgsql as $$
        begin raise exception '${message}' using errcode = '${sqlstate}'; end $$`),
    );
    await s.database.db.execute(sql.raw(`create trigger ${fn} before insert on queues for each row execute function ${fn}()`));
    triggers.push(fn);
  }

  const addSector = (name: string) =>
    s.app.inject({
      method: 'POST',
      url: '/api/queue',
      headers: bearer(s.adminToken),
      payload: {
        name,
        color: `#${Math.floor(Math.random() * 0xffffff)
          .toString(16)
          .padStart(6, '0')}`,
      },
    });
  const health = () => s.app.inject({ method: 'GET', url: '/api/health' });

  beforeAll(async () => {
    s = await createTestServer();
  }, 120_000);
  afterEach(async () => {
    while (triggers.length) await s.database.db.execute(sql.raw(`drop trigger ${triggers.pop()} on queues`));
    vi.restoreAllMocks();
  });
  afterAll(() => s.stop());

  it.each([
    ['53100', 'could not extend file: No space left on device'],
    ['53300', 'sorry, too many clients already'],
    ['53200', 'out of memory'],
    ['58030', 'could not write to file: Input/output error'],
    ['57P01', 'terminating connection due to administrator command'],
  ])(
    'the database failing with %s answers 503, changes nothing, and health reports writes failing until a write succeeds',
    async (sqlstate, message) => {
      expect((await health()).statusCode).toBe(200);
      await failInserts(sqlstate, message);
      const res = await addSector(`Refused ${sqlstate}`);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ error: 'ERR_DATABASE_UNAVAILABLE' });
      const shown = await s.app.inject({ method: 'GET', url: '/api/queue', headers: bearer(s.adminToken) });
      expect(shown.body).not.toContain(`Refused ${sqlstate}`);

      // Reads still work; health must not say "ok" while writes fail.
      const sick = await health();
      expect(sick.statusCode).toBe(503);
      expect(sick.json()).toMatchObject({ status: 'unavailable', reason: 'database writes failing' });

      while (triggers.length) await s.database.db.execute(sql.raw(`drop trigger ${triggers.pop()} on queues`));
      expect((await addSector(`Accepted ${sqlstate}`)).statusCode).toBe(201);
      expect((await health()).statusCode).toBe(200);
    },
  );

  it.each(['refused', 'dropped'] as const)('a %s database connection answers 503 with health reporting it', async (kind) => {
    const err = await driverErrorFrom(kind);
    expect(isDatabaseUnavailable(err)).toBe(true);
    vi.spyOn(s.services.queues, 'create').mockRejectedValue(err);
    const res = await addSector(`Lost ${kind}`);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ error: 'ERR_DATABASE_UNAVAILABLE' });
    expect((await health()).statusCode).toBe(503);
    vi.restoreAllMocks();
    expect((await addSector(`Back ${kind}`)).statusCode).toBe(201);
    expect((await health()).statusCode).toBe(200);
  });

  it('an error that is no storage fault stays a 500 and leaves health alone', async () => {
    vi.spyOn(s.services.queues, 'create').mockRejectedValue(new Error('a bug'));
    expect((await addSector('Bug')).statusCode).toBe(500);
    expect((await health()).statusCode).toBe(200);
    expect(
      isDatabaseUnavailable(
        new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }),
      ),
    ).toBe(false);
  });
});
