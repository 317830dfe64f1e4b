/**
 * A 1,000-recipient campaign on the simulator with two server processes on one database
 * (PostgreSQL with TEST_DATABASE_URL), both running the campaign job at the same moments, and one
 * of them dying in the middle of a claim (its transaction aborts half-way through a batch, then
 * the process is gone and the other takes its WhatsApp session over). Every recipient gets exactly
 * one message: one outbox row each, one message on each customer's phone.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CAMPAIGN_PACING, type CampaignDTO } from '@switchboard/shared';
import { campaignRecipients, campaigns, messages, simulatorMessages } from '../../db/schema.js';
import type { OutboundRequest } from '../../messaging/outbox.js';
import type { DbOrTx } from '../../db/client.js';
import { bearer, createTestServer, openTestDatabase, type TestDatabase, type TestServer } from '../../test/harness.js';
import { connectSimulator, waitFor } from '../../test/simulator.js';

const COUNT = 1000;
const FAST = {
  ...DEFAULT_CAMPAIGN_PACING,
  minGapSeconds: 0,
  maxGapSeconds: 0,
  hourlyCap: 100_000,
  dailyCap: 100_000,
  warmup: false,
  respectWorkHours: false,
};

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
    const numbers = Array.from({ length: COUNT }, (_, i) => `${prefix}${String(i).padStart(6, '0')}`);
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(a.adminToken),
      payload: {
        name: 'Mil',
        whatsappId: conn.id,
        body: 'Oferta para {{name}}',
        audience: { csv: numbers.map((number, i) => ({ number, name: `Cliente ${i}` })) },
        pacing: FAST,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<CampaignDTO>();
    expect(campaign.total).toBe(COUNT);
    expect(
      (await b.app.inject({ method: 'POST', url: `/api/campaigns/${campaign.id}/start`, headers: bearer(b.adminToken) })).statusCode,
    ).toBe(200);

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
    const handed = async () =>
      Number(
        (
          await testDb.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(campaignRecipients)
            .where(and(eq(campaignRecipients.campaignId, campaign.id), eq(campaignRecipients.status, 'handed')))
        )[0].n,
      );

    // Both processes run the job at the same moments (as two lease holders would during a takeover).
    while (!dead) await Promise.all([a.services.campaignSender.runDue(new Date()), b.services.campaignSender.runDue(new Date())]);
    const beforeDeath = await handed();
    expect(beforeDeath).toBeGreaterThan(0);
    expect(beforeDeath).toBeLessThan(COUNT);
    // The half-written batch left nothing behind: every handed recipient has its message, and no message is without its recipient.
    const written = await testDb.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(like(messages.idempotencyKey, `campaign:${campaign.id}:%`));
    expect(Number(written[0].n)).toBe(beforeDeath);
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
    await waitFor(async () => {
      const [row] = await testDb.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .where(and(like(messages.idempotencyKey, `campaign:${campaign.id}:%`), eq(messages.sendState, 'sent')));
      return Number(row.n) === COUNT;
    }, 300_000);
    const perRecipient = await testDb.database.db
      .select({ key: messages.idempotencyKey, n: sql<number>`count(*)::int` })
      .from(messages)
      .where(like(messages.idempotencyKey, `campaign:${campaign.id}:%`))
      .groupBy(messages.idempotencyKey);
    expect(perRecipient).toHaveLength(COUNT);
    expect(perRecipient.filter((r) => Number(r.n) !== 1)).toEqual([]);
    const phones = await testDb.database.db
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
    const sample = await testDb.database.db
      .select({ body: simulatorMessages.body })
      .from(simulatorMessages)
      .where(eq(simulatorMessages.customer, numbers[7]));
    expect(sample.map((m) => m.body)).toEqual(['Oferta para Cliente 7']);
  }, 900_000);
});
