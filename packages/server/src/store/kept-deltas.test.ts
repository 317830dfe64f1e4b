import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Tx } from '../db/client.js';
import { rowsOf } from '../lib/sql.js';
import { openTestDatabase, type TestDatabase } from '../test/harness.js';
import { beforeWriting, gatheredIn, keptTable } from './kept-deltas.js';

/**
 * The kept figures' changes are summed per key in a transaction and written as it commits, one
 * upsert per table, keys sorted: what makes concurrent writers of the dashboard's figures queue
 * instead of deadlocking (docs/decisions.md "Dashboard rollups"). Two scratch tables stand for them.
 */
describe('kept deltas', () => {
  let t: TestDatabase;
  let log: { query: string; params: unknown[] }[] = [];
  const A = keptTable('kept_a', { tag_id: 'int', day: 'date' }, { n: 'int', us: 'bigint' });
  const B = keptTable('kept_b', { id: 'int' }, { n: 'int' });
  const SETTLE = Symbol('test preparation');

  const upserts = () => log.filter((l) => /^\s*insert into kept_/.test(l.query));
  /** Runs `gathering` in a transaction (which commits unless it throws). */
  const gather = (gathering: (tx: Tx) => void) =>
    t.database.db.transaction((tx) => {
      gathering(tx);
      return Promise.resolve();
    });
  const tableA = async () =>
    rowsOf(await t.database.db.execute(sql`select tag_id, to_char(day, 'YYYY-MM-DD') as day, n, us::text from kept_a order by 1, 2`));

  beforeAll(async () => {
    t = await openTestDatabase({ logQuery: (query, params) => log.push({ query, params }) });
    await t.database.db.execute(
      sql`create table kept_a (tag_id int not null, day date not null, n int not null, us bigint not null, primary key (tag_id, day))`,
    );
    await t.database.db.execute(sql`create table kept_b (id int primary key, n int not null)`);
  });
  afterAll(() => t.drop());
  beforeEach(async () => {
    await t.database.db.execute(sql`truncate kept_a, kept_b`);
    log = [];
  });

  it('sums the changes of one key and writes them with one upsert at commit, added to the row there', async () => {
    await t.database.db.execute(sql`insert into kept_a values (1, '2026-01-02', 10, 100)`);
    log = [];
    await gather((tx) => {
      const a = gatheredIn(tx, A)!;
      a.add({ tag_id: 1, day: '2026-01-02', n: 2, us: '5000000000' });
      a.add({ tag_id: '1', day: '2026-01-02', n: 3, us: 1 }, -1);
      a.add({ tag_id: 0, day: '2026-01-03', n: 1, us: 0 });
      // Nothing is written while the transaction runs.
      expect(upserts()).toEqual([]);
    });
    expect(upserts()).toHaveLength(1);
    expect(await tableA()).toEqual([
      { tag_id: 0, day: '2026-01-03', n: 1, us: '0' },
      { tag_id: 1, day: '2026-01-02', n: 9, us: '5000000099' },
    ]);
  });

  it('writes the rows sorted by key, numbers as numbers, and the tables by name', async () => {
    await gather((tx) => {
      gatheredIn(tx, B)!.add({ id: 3, n: 1 });
      const a = gatheredIn(tx, A)!;
      for (const [tag, day] of [
        [10, '2026-01-01'],
        [2, '2026-01-05'],
        [2, '-infinity'],
        [2, '2026-01-04'],
      ] as const)
        a.add({ tag_id: tag, day, n: 1, us: 1 });
    });
    expect(upserts().map((u) => u.query.trim().slice(0, 18))).toEqual(['insert into kept_a', 'insert into kept_b']);
    // (tag, day) of each (tag, day, n, us): 2 before 10, '-infinity' before any day.
    expect(upserts()[0].params.filter((_, i) => i % 4 < 2)).toEqual([2, '-infinity', 2, '2026-01-04', 2, '2026-01-05', 10, '2026-01-01']);
  });

  it('writes nothing when nothing was gathered or the changes cancel out', async () => {
    await gather((tx) => {
      gatheredIn(tx, B);
      const a = gatheredIn(tx, A)!;
      a.add({ tag_id: 1, day: '2026-01-02', n: 2, us: 7 });
      a.add({ tag_id: 1, day: '2026-01-02', n: 2, us: 7 }, -1);
    });
    expect(upserts()).toEqual([]);
    expect(await tableA()).toEqual([]);
  });

  it('a transaction rolled back writes nothing, and its preparations do not run', async () => {
    let prepared = false;
    await expect(
      gather((tx) => {
        gatheredIn(tx, A)!.add({ tag_id: 1, day: '2026-01-02', n: 2, us: 7 });
        beforeWriting(tx, SETTLE, () => {
          prepared = true;
          return Promise.resolve();
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(prepared).toBe(false);
    expect(upserts()).toEqual([]);
    expect(await tableA()).toEqual([]);
  });

  it('runs the preparations at commit before writing, so the changes they add are written too', async () => {
    await gather((tx) => {
      const a = gatheredIn(tx, A)!;
      beforeWriting(tx, SETTLE, () => {
        expect(upserts()).toEqual([]);
        a.add({ tag_id: 4, day: '2026-01-02', n: 1, us: 1 });
        return Promise.resolve();
      });
    });
    expect(upserts()).toHaveLength(1);
    expect(await tableA()).toEqual([{ tag_id: 4, day: '2026-01-02', n: 1, us: '1' }]);
  });

  it('outside a transaction there is no gathering (the caller writes at once)', () => {
    expect(gatheredIn(t.database.db, A)).toBeUndefined();
    expect(beforeWriting(t.database.db, SETTLE, () => Promise.resolve())).toBe(false);
  });

  it('forgets the gathered changes of a deleted key value', async () => {
    await gather((tx) => {
      const a = gatheredIn(tx, A)!;
      a.add({ tag_id: 5, day: '2026-01-02', n: 1, us: 1 });
      a.add({ tag_id: 6, day: '2026-01-02', n: 1, us: 1 });
      a.forget('tag_id', 5);
    });
    expect((await tableA()).map((r) => r.tag_id)).toEqual([6]);
  });
});
