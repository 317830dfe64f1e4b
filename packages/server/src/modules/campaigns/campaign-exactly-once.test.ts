/**
 * A 1,000-recipient campaign on the simulator with two server processes on one database
 * (PostgreSQL with TEST_DATABASE_URL), both running the campaign job at the same moments, and one
 * of them dying in the middle of a claim (its transaction aborts half-way through a batch, then
 * the process is gone and the other takes its WhatsApp session over). Every recipient gets exactly
 * one message: one outbox row each, one message on each customer's phone.
 *
 * On PostgreSQL, the same with a real process: the campaign job runs in a child server process
 * (the scheduler's lease holder) that is killed with SIGKILL mid-campaign, inside a claim's open
 * transaction; the other process takes the scheduler's lease over once the dead one's runs out and
 * finishes the campaign.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CAMPAIGN_PACING, type CampaignDTO } from '@switchboard/shared';
import { campaignRecipients, campaigns, messages, simulatorMessages } from '../../db/schema.js';
import type { OutboundRequest } from '../../messaging/outbox.js';
import type { DbOrTx } from '../../db/client.js';
import { bearer, createTestServer, openTestDatabase, TEST_DB_KIND, type TestDatabase, type TestServer } from '../../test/harness.js';
import { spawnServer, type ServerProcess } from '../../test/processes.js';
import { CONNECTION_LOCK } from './sender.js';
import { connectSimulator, waitFor } from '../../test/simulator.js';

/**
 * 1,000 recipients where processes really are apart (PostgreSQL); on PGlite both servers share one
 * process and one connection, so a smaller campaign crosses the same batches and the same fault.
 */
const COUNT = TEST_DB_KIND === 'postgres' ? 1000 : 300;
const FAST = {
  ...DEFAULT_CAMPAIGN_PACING,
  minGapSeconds: 0,
  maxGapSeconds: 0,
  hourlyCap: 100_000,
  dailyCap: 100_000,
  warmup: false,
  respectWorkHours: false,
};

type Db = TestDatabase['database']['db'];

/** Writes and starts (through `starter`) a campaign to COUNT new numbers starting with `prefix`. */
async function startCampaign(
  server: TestServer,
  starter: TestServer,
  conn: { id: number },
  text: { prefix: string; name: string; body: string },
): Promise<{ campaign: CampaignDTO; numbers: string[] }> {
  const numbers = Array.from({ length: COUNT }, (_, i) => `${text.prefix}${String(i).padStart(6, '0')}`);
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(server.adminToken),
    payload: {
      name: text.name,
      whatsappId: conn.id,
      body: text.body,
      audience: { csv: numbers.map((number, i) => ({ number, name: `Cliente ${i}` })) },
      pacing: FAST,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const campaign = created.json<CampaignDTO>();
  expect(campaign.total).toBe(COUNT);
  const started = await starter.app.inject({
    method: 'POST',
    url: `/api/campaigns/${campaign.id}/start`,
    headers: bearer(starter.adminToken),
  });
  expect(started.statusCode).toBe(200);
  return { campaign, numbers };
}

/** Recipients handed to the outbox. */
async function handedCount(db: Db, campaignId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'handed')));
  return Number(row.n);
}

/**
 * Recipients handed to the outbox and the messages the campaign wrote, read in one statement: one
 * snapshot, so a claim that commits meanwhile (the other process's job still runs on its timer)
 * is counted on both sides or on neither.
 */
async function handedAndWritten(db: Db, campaignId: number): Promise<{ handed: number; written: number }> {
  const [row] = await db
    .select({
      handed: sql<number>`(select count(*)::int from ${campaignRecipients} where ${campaignRecipients.campaignId} = ${campaignId} and ${campaignRecipients.status} = 'handed')`,
      written: sql<number>`(select count(*)::int from ${messages} where ${messages.idempotencyKey} like ${`campaign:${campaignId}:%`})`,
    })
    .from(sql`(select 1) as one`);
  return { handed: Number(row.handed), written: Number(row.written) };
}

/** Waits for every message to be sent, then checks each recipient got exactly one, on the outbox and on the phones. */
async function expectEachRecipientOnce(db: Db, campaignId: number, conn: { number: string }, prefix: string): Promise<void> {
  await waitFor(async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(like(messages.idempotencyKey, `campaign:${campaignId}:%`), eq(messages.sendState, 'sent')));
    return Number(row.n) === COUNT;
  }, 300_000);
  const perRecipient = await db
    .select({ key: messages.idempotencyKey, n: sql<number>`count(*)::int` })
    .from(messages)
    .where(like(messages.idempotencyKey, `campaign:${campaignId}:%`))
    .groupBy(messages.idempotencyKey);
  expect(perRecipient).toHaveLength(COUNT);
  expect(perRecipient.filter((r) => Number(r.n) !== 1)).toEqual([]);
  const phones = await db
    .select({ customer: simulatorMessages.customer, n: sql<number>`count(*)::int` })
    .from(simulatorMessages)
    .where(
      and(
        eq(simulatorMessages.connectionNumber, conn.number),
        eq(simulatorMessages.sender, 'connection'),
        like(simulatorMessages.customer, `${prefix}%`),
      ),
    )
    .groupBy(simulatorMessages.customer);
  expect(phones).toHaveLength(COUNT);
  expect(phones.filter((p) => Number(p.n) !== 1)).toEqual([]);
}

describe('a campaign across two processes and a process dying mid-run', () => {
  let testDb: TestDatabase;
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close().catch(() => undefined);
    await testDb?.drop();
  });

  it(`sends exactly one message to each of ${COUNT} recipients`, async () => {
    testDb = await openTestDatabase();
    const a = await createTestServer({ database: testDb.database });
    servers.push(a);
    const conn = await connectSimulator(a);
    const b = await createTestServer({ database: testDb.database });
    servers.push(b);

    const prefix = `5521${String(Date.now() % 1000).padStart(3, '0')}`;
    const { campaign, numbers } = await startCampaign(a, b, conn, { prefix, name: 'Mil', body: 'Oferta para {{name}}' });

    // The fault: A's 130th message is never written — the process dies inside that claim's
    // transaction (a batch holds 50), so the batch's earlier messages roll back with it.
    let writes = 0;
    let dead = false;
    const enqueue = a.services.outbox.enqueue.bind(a.services.outbox);
    a.services.outbox.enqueue = (req: OutboundRequest, db?: DbOrTx) => {
      writes += 1;
      if (writes === 130) {
        dead = true;
        return Promise.reject(new Error('process killed mid-claim'));
      }
      return enqueue(req, db);
    };

    // Both processes run the job at the same moments (as two lease holders would during a takeover).
    while (!dead) await Promise.all([a.services.campaignSender.runDue(new Date()), b.services.campaignSender.runDue(new Date())]);
    // B's run at that same moment may go on to claim what A's aborted claim gave back, so on a fast
    // machine the campaign can be wholly handed already; the fault still fell mid-run (A's batch
    // held recipients nobody had) and is checked by what it must not leave behind.
    const beforeDeath = await handedAndWritten(testDb.database.db, campaign.id);
    expect(beforeDeath.handed).toBeGreaterThan(0);
    // The half-written batch left nothing behind: every handed recipient has its message, and no message is without its recipient.
    expect(beforeDeath.written).toBe(beforeDeath.handed);
    await a.close();
    servers.splice(servers.indexOf(a), 1);

    // B takes the WhatsApp session over and finishes the campaign on its own.
    await b.services.channels.maintainLeases();
    await waitFor(() => b.services.channels.connected(conn.id), 20_000);
    await waitFor(async () => {
      await b.services.campaignSender.runDue(new Date());
      const [row] = await testDb.database.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaign.id));
      return row.status === 'finished';
    }, 300_000);
    void b.services.outbox.kick(conn.id);

    // Every message goes out, each once.
    await expectEachRecipientOnce(testDb.database.db, campaign.id, conn, prefix);
    const sample = await testDb.database.db
      .select({ body: simulatorMessages.body })
      .from(simulatorMessages)
      .where(eq(simulatorMessages.customer, numbers[7]));
    expect(sample.map((m) => m.body)).toEqual(['Oferta para Cliente 7']);
  }, 900_000);
});

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

    // A takes the scheduler's lease over when the dead process's runs out, and finishes the campaign.
    await waitFor(async () => (await server.services.automation.runDueJobs()).leader, 60_000);
    await waitFor(async () => {
      await server.services.automation.runDueJobs();
      const [row] = await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaign.id));
      return row.status === 'finished';
    }, 300_000);
    void server.services.outbox.kick(conn.id);

    await expectEachRecipientOnce(db, campaign.id, conn, prefix);
    const sample = await db
      .select({ body: simulatorMessages.body })
      .from(simulatorMessages)
      .where(eq(simulatorMessages.customer, numbers[3]));
    expect(sample.map((m) => m.body)).toEqual(['Convite para Cliente 3']);
  }, 900_000);
});
