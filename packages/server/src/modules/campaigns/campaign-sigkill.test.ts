/**
 * A 1,000-recipient campaign on PostgreSQL whose job runs in a child server process (the
 * scheduler's lease holder), killed with SIGKILL mid-campaign inside a claim's open transaction:
 * the other process takes the scheduler's lease over once the dead one's runs out and finishes the
 * campaign, and every recipient gets exactly one message. (On PGlite the database lives in the
 * test's own process, so there is no second process to kill: campaign-exactly-once.test.ts covers
 * a death mid-claim on both engines.)
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { campaigns, leases, simulatorMessages } from '../../db/schema.js';
import { SCHEDULER_LEASE } from '../../automation/scheduler.js';
import { createTestServer, openTestDatabase, TEST_DB_KIND, type TestDatabase, type TestServer } from '../../test/harness.js';
import { spawnServer, type ServerProcess } from '../../test/processes.js';
import { CONNECTION_LOCK } from './sender.js';
import { connectSimulator, waitFor } from '../../test/simulator.js';
import { expectKeptEqualsRecount } from '../../test/dashboard-kept.js';
import { COUNT, expectEachRecipientOnce, handedAndWritten, handedCount, startCampaign } from '../../test/exactly-once-campaign.js';

describe.skipIf(TEST_DB_KIND !== 'postgres')('a campaign whose job process is killed with SIGKILL', () => {
  let testDb: TestDatabase;
  let a: TestServer | undefined;
  let child: ServerProcess | undefined;
  afterAll(async () => {
    await child?.kill();
    await a?.close().catch(() => undefined);
    await testDb?.drop();
  });

  it(`still sends exactly one message to each of ${COUNT} recipients`, async () => {
    testDb = await openTestDatabase();
    // A holds the WhatsApp session and sends what the outbox holds, but leaves the scheduled jobs
    // to whoever holds the scheduler's lease: the child process, started next.
    a = await createTestServer({ database: testDb.database, automation: { scheduler: false } });
    const server = a;
    const db = testDb.database.db;
    const conn = await connectSimulator(server);
    const prefix = `5531${String(Date.now() % 1000).padStart(3, '0')}`;
    const { campaign, numbers } = await startCampaign(server, server, conn, {
      prefix,
      name: 'Mil, com um processo morto',
      body: 'Convite para {{name}}',
    });
    const handed = () => handedCount(db, campaign.id);

    child = spawnServer(testDb.url!);
    await child.url;
    // Its scheduler hands a batch over every few seconds. Once two have gone, the test holds the
    // connection's claim lock, so the next claim waits inside its transaction; the process is
    // killed there, with no chance to finish it or to release its leases.
    await waitFor(async () => (await handed()) >= 100, 60_000);
    const holder = new pg.Client({ connectionString: testDb.url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1, $2)', [CONNECTION_LOCK, conn.id]);
      await waitFor(async () => {
        const waiting = await holder.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory' and xact_start is not null`,
        );
        return waiting.rows[0].n > 0;
      }, 30_000);
      await child.kill('SIGKILL');
      expect(await child.exited).toBe('SIGKILL');
      await holder.query('select pg_advisory_unlock($1, $2)', [CONNECTION_LOCK, conn.id]);
    } finally {
      await holder.end();
    }
    const beforeDeath = await handedAndWritten(db, campaign.id);
    expect(beforeDeath.handed).toBeLessThan(COUNT);
    // Whatever it was in the middle of left nothing half-done: every handed recipient has its message, and only they.
    expect(beforeDeath.written).toBe(beforeDeath.handed);

    // The dead process still holds the scheduler's lease: A may not run the job until it runs out.
    expect((await server.services.automation.runDueJobs()).leader).toBe(false);
    // Its 30 s run out now rather than in real time: the takeover is what this test is about.
    const expired = await db
      .update(leases)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(leases.name, SCHEDULER_LEASE))
      .returning({ holder: leases.holder });
    expect(expired).toHaveLength(1);
    // A takes the lease over and finishes the campaign.
    await waitFor(async () => (await server.services.automation.runDueJobs()).leader, 60_000);
    await waitFor(async () => {
      await server.services.automation.runDueJobs();
      const [row] = await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaign.id));
      return row.status === 'finished';
    }, 300_000);
    void server.services.outbox.kick(conn.id);

    await expectEachRecipientOnce(db, campaign.id, conn, prefix);
    // Each new customer's closed ticket is counted by the dashboard as a recount from the raw tables
    // counts it, claims cut short by the death included.
    await expectKeptEqualsRecount(testDb.database.db, 'after the campaign');
    const sample = await db
      .select({ body: simulatorMessages.body })
      .from(simulatorMessages)
      .where(eq(simulatorMessages.customer, numbers[3]));
    expect(sample.map((m) => m.body)).toEqual(['Convite para Cliente 3']);
  }, 900_000);
});
