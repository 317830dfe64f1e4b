/**
 * `npm run dashboard:rebuild` recounts the dashboard's figures from the tickets' history: figures
 * lost or wrong (a restore of an older backup, rows written by hand) come back as the running
 * server keeps them.
 */
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardRollups } from '../db/schema.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { connectSimulator, customerSends, phoneNumber, waitFor } from '../test/simulator.js';
import { rebuildOn } from './dashboard-rebuild.js';

describe('dashboard rebuild', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(async () => {
    await s.close();
  });

  const figures = () =>
    s.database.db
      .select()
      .from(dashboardRollups)
      .orderBy(asc(dashboardRollups.day), asc(dashboardRollups.userId), asc(dashboardRollups.queueId));

  it('puts back the figures the server kept, after they were lost and garbled', async () => {
    const conn = await connectSimulator(s);
    for (let i = 0; i < 3; i++) await customerSends(s, { from: phoneNumber(), to: conn.number, name: `Customer ${i}`, body: 'Hello' });
    await waitFor(async () => (await figures()).reduce((n, r) => n + r.pending, 0) === 3);
    const kept = await figures();

    await s.database.db.execute(sql`update dashboard_rollups set pending = pending + 40`);
    await s.database.db.execute(sql`insert into dashboard_rollups (day, user_id, queue_id, finished) values ('2020-01-01', 0, 0, 7)`);
    expect(await figures()).not.toEqual(kept);

    expect(await rebuildOn(s.database)).toBe(kept.length);
    expect(await figures()).toEqual(kept);
  });
});
