/**
 * A 1,000-recipient campaign on the simulator with two server processes on one database
 * (PostgreSQL with TEST_DATABASE_URL), both running the campaign job at the same moments, and one
 * of them dying in the middle of a claim (its transaction aborts half-way through a batch, then
 * the process is gone and the other takes its WhatsApp session over). Every recipient gets exactly
 * one message: one outbox row each, one message on each customer's phone.
 *
 * The same with a real process killed by SIGKILL: campaign-sigkill.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { campaigns, simulatorMessages } from '../../db/schema.js';
import type { OutboundRequest } from '../../messaging/outbox.js';
import type { DbOrTx } from '../../db/client.js';
import { createTestServer, openTestDatabase, type TestDatabase, type TestServer } from '../../test/harness.js';
import { connectSimulator, waitFor } from '../../test/simulator.js';
import { expectKeptEqualsRecount } from '../../test/dashboard-kept.js';
import { COUNT, expectEachRecipientOnce, handedAndWritten, startCampaign } from '../../test/exactly-once-campaign.js';

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
    // Each new customer's closed ticket is counted by the dashboard as a recount from the raw tables
    // counts it, claims cut short by the death included.
    await expectKeptEqualsRecount(testDb.database.db, 'after the campaign');
    const sample = await testDb.database.db
      .select({ body: simulatorMessages.body })
      .from(simulatorMessages)
      .where(eq(simulatorMessages.customer, numbers[7]));
    expect(sample.map((m) => m.body)).toEqual(['Oferta para Cliente 7']);
  }, 900_000);
});
