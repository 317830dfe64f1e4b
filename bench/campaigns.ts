/**
 * Campaign pacing benchmark: the real app on PGlite with a simulator connection, a campaign with
 * the default pacing (docs/operations.md, "Campaign pacing"), and the campaign job driven tick by
 * tick on a simulated clock — every 5 s as the scheduler polls, skipping ahead to the tick of the
 * next allowed send while a gap runs, and a minute (or five) at a time while a cap holds. What is
 * measured is when each recipient was handed to the outbox (campaign_recipients.claimed_at, in
 * simulated time); the outbox sends each at once to the simulated phone.
 *
 * Scenarios: an established number (added 60 days ago) with 400 recipients over 26 simulated hours,
 * and a new number (added now) with 100 recipients over 3 simulated days (the warm-up).
 */
import os from 'node:os';
import { DEFAULT_CAMPAIGN_PACING, type CampaignPacing } from '@switchboard/shared';
import { asc, eq, isNotNull, and } from 'drizzle-orm';
import { campaignRecipients, campaigns, whatsapps } from '../packages/server/src/db/schema.js';
import { fmt, percentile, startBenchServer } from './lib.js';

export interface PacingResult {
  scenario: string;
  recipients: number;
  simulatedHours: number;
  handed: number;
  gaps: { min: number; p50: number; p95: number; max: number };
  maxInAnyHour: number;
  perDay: number[];
  ticks: number;
  wallSeconds: number;
  load: number;
}

const TICK_MS = 5000;
const HOUR = 3_600_000;

async function scenario(
  name: string,
  recipients: number,
  ageDays: number,
  hours: number,
  waitStepMs: number,
  pacing: CampaignPacing,
): Promise<PacingResult> {
  const { built, token, database, close } = await startBenchServer('pglite');
  const load = os.loadavg()[0];
  const wall = Date.now();
  try {
    const auth = { authorization: `Bearer ${token}` };
    const created = await built.app.inject({
      method: 'POST',
      url: '/api/whatsapp',
      headers: auth,
      payload: { name: 'Bench', channel: 'simulator' },
    });
    const connectionId = created.json<{ id: number }>().id;
    const network = built.services.simulator!;
    for (let i = 0; i < 500 && network.pendingQrCodes().length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await network.scan(network.pendingQrCodes()[0].qrcode, '5511900000001');
    for (let i = 0; i < 500 && !built.services.channels.connected(connectionId); i++) await new Promise((r) => setTimeout(r, 10));

    // In the future: the app's own scheduler (real clock) never finds the campaign due, and once
    // it runs, the gap drawn in simulated time keeps that scheduler from sending.
    const start = Date.UTC(new Date().getUTCFullYear() + 1, 5, 1, 0, 0, 0);
    await database.db
      .update(whatsapps)
      .set({ createdAt: new Date(start - ageDays * 24 * HOUR) })
      .where(eq(whatsapps.id, connectionId));
    const csv = Array.from({ length: recipients }, (_, i) => ({ number: `55219${String(i).padStart(8, '0')}`, name: `Cliente ${i}` }));
    const res = await built.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: auth,
      payload: {
        name: name,
        whatsappId: connectionId,
        body: 'Olá {{firstName}}',
        audience: { csv },
        pacing,
        startAt: new Date(start).toISOString(),
      },
    });
    if (res.statusCode !== 201) throw new Error(`campaign not created: ${res.body}`);
    const id = res.json<{ id: number }>().id;

    let t = start;
    let ticks = 0;
    const sender = built.services.campaignSender;
    while (t < start + hours * HOUR) {
      ticks += 1;
      const handed = await sender.runDue(new Date(t));
      const [row] = await database.db
        .select({ status: campaigns.status, next: campaigns.nextSendAt })
        .from(campaigns)
        .where(eq(campaigns.id, id));
      if (row.status === 'finished') break;
      const next = row.next?.getTime() ?? 0;
      // The scheduler ticks every 5 s; nothing can happen before the tick at or after the gap's end.
      if (next > t) t = Math.ceil(next / TICK_MS) * TICK_MS;
      else t += handed > 0 ? TICK_MS : waitStepMs;
    }
    const times = (
      await database.db
        .select({ at: campaignRecipients.claimedAt })
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.campaignId, id), isNotNull(campaignRecipients.claimedAt)))
        .orderBy(asc(campaignRecipients.claimedAt))
    ).map((r) => r.at!.getTime());
    const gaps = times
      .slice(1)
      .map((v, i) => (v - times[i]) / 1000)
      .sort((a, b) => a - b);
    let maxInAnyHour = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i] - times[j] >= HOUR) j++;
      maxInAnyHour = Math.max(maxInAnyHour, i - j + 1);
    }
    const days = Math.ceil(hours / 24);
    const perDay = Array.from(
      { length: days },
      (_, d) => times.filter((v) => v >= start + d * 24 * HOUR && v < start + (d + 1) * 24 * HOUR).length,
    );
    await built.services.outbox.idle();
    return {
      scenario: name,
      recipients,
      simulatedHours: hours,
      handed: times.length,
      gaps: gaps.length
        ? { min: gaps[0], p50: percentile(gaps, 50), p95: percentile(gaps, 95), max: gaps[gaps.length - 1] }
        : { min: 0, p50: 0, p95: 0, max: 0 },
      maxInAnyHour,
      perDay,
      ticks,
      wallSeconds: (Date.now() - wall) / 1000,
      load,
    };
  } finally {
    await close();
  }
}

export async function benchCampaignPacing(): Promise<PacingResult[]> {
  const pacing = { ...DEFAULT_CAMPAIGN_PACING, respectWorkHours: false };
  return [
    await scenario('established number (60 days), defaults', 400, 60, 26, 60_000, pacing),
    await scenario('new number (0 days), defaults with warm-up', 100, 0, 72, 300_000, pacing),
  ];
}

export const PACING_TABLE_HEADER = [
  '| scenario | recipients | simulated | handed over | per day | most in any hour | gap min / p50 / p95 / max (s) | ticks | wall time | load avg |',
  '|---|---|---|---|---|---|---|---|---|---|',
];

export function describePacing(r: PacingResult): string {
  const g = r.gaps;
  return `| ${r.scenario} | ${r.recipients} | ${r.simulatedHours} h | ${r.handed} | ${r.perDay.join(' / ')} | ${r.maxInAnyHour} | ${fmt(g.min)} / ${fmt(g.p50)} / ${fmt(g.p95)} / ${fmt(g.max)} | ${r.ticks} | ${fmt(r.wallSeconds)} s | ${r.load.toFixed(1)} |`;
}
