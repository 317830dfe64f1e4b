import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/harness.js';
import { readAll, type DbOrTx } from './client.js';

/** A transaction is one connection: its reads go one after the other, the pool's side by side. */
describe('readAll', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(() => t.drop());

  const trace = async (db: DbOrTx) => {
    const steps: string[] = [];
    const read = (name: string, value: number) => async () => {
      steps.push(`start ${name}`);
      const rows = await db.execute(sql`select ${value}::int as v`);
      steps.push(`end ${name}`);
      return rows;
    };
    await readAll(db, [read('a', 1), read('b', 2)] as const);
    return steps;
  };

  it('starts every read at once outside a transaction', async () => {
    expect((await trace(t.database.db)).slice(0, 2)).toEqual(['start a', 'start b']);
  });

  it('runs them in turn inside a transaction', async () => {
    expect(await t.database.db.transaction((tx) => trace(tx))).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('answers in the order asked', async () => {
    const [a, b] = await t.database.db.transaction((tx) =>
      readAll(tx, [() => tx.execute(sql`select 1::int as v`), () => tx.execute(sql`select 2::int as v`)] as const),
    );
    expect([a, b].map((r) => (r as { rows: { v: number }[] }).rows[0].v)).toEqual([1, 2]);
  });
});
