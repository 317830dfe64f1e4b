/**
 * What the exactly-once campaign tests share (campaign-exactly-once.test.ts, campaign-sigkill.test.ts):
 * a campaign of COUNT new numbers at full speed, and the checks that each recipient got one message.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEFAULT_CAMPAIGN_PACING, type CampaignDTO } from '@switchboard/shared';
import { campaignRecipients, messages, simulatorMessages } from '../db/schema.js';
import { bearer, TEST_DB_KIND, type TestDatabase, type TestServer } from './harness.js';
import { waitFor } from './simulator.js';

/**
 * 1,000 recipients where processes really are apart (PostgreSQL); on PGlite both servers share one
 * process and one connection, so a smaller campaign crosses the same batches and the same fault.
 */
export const COUNT = TEST_DB_KIND === 'postgres' ? 1000 : 300;
/** Campaign pacing without gaps or caps: the tests drive the job tick by tick. */
export const FAST_PACING = {
  ...DEFAULT_CAMPAIGN_PACING,
  minGapSeconds: 0,
  maxGapSeconds: 0,
  hourlyCap: 100_000,
  dailyCap: 100_000,
  warmup: false,
  respectWorkHours: false,
};

export type Db = TestDatabase['database']['db'];

/** Writes and starts (through `starter`) a campaign to COUNT new numbers starting with `prefix`. */
export async function startCampaign(
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
      pacing: FAST_PACING,
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
export async function handedCount(db: Db, campaignId: number): Promise<number> {
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
export async function handedAndWritten(db: Db, campaignId: number): Promise<{ handed: number; written: number }> {
  const [row] = await db
    .select({
      handed: sql<number>`(select count(*)::int from ${campaignRecipients} where ${campaignRecipients.campaignId} = ${campaignId} and ${campaignRecipients.status} = 'handed')`,
      written: sql<number>`(select count(*)::int from ${messages} where ${messages.idempotencyKey} like ${`campaign:${campaignId}:%`})`,
    })
    .from(sql`(select 1) as one`);
  return { handed: Number(row.handed), written: Number(row.written) };
}

/** Waits for every message to be sent, then checks each recipient got exactly one, on the outbox and on the phones. */
export async function expectEachRecipientOnce(db: Db, campaignId: number, conn: { number: string }, prefix: string): Promise<void> {
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
