/**
 * How fast a campaign may send on its connection right now — a pure decision, so the job, the
 * tests and the bench read the same rules (docs/operations.md, "Campaign pacing").
 *
 * WhatsApp by QR (and the simulator, which stands for it): one send at a time with a random gap
 * between two (a fixed rhythm is what automated-sender detection looks for), hourly and rolling
 * 24-hour caps over every campaign of the connection, a warm-up that starts a new number low and
 * doubles its daily cap each day, and nothing outside the connection's work hours.
 *
 * Cloud API: Meta enforces its own messaging-limit tier (unique customers a number may start
 * conversations with in a rolling 24 h); sending past it only earns refusals, so the campaign
 * stays under the tier the admin set and otherwise sends in batches without gaps.
 */
import type { CampaignPacing, CampaignWait } from '@switchboard/shared';

/** Most recipients handed to the outbox in one tick (gapless pacing, Cloud API). */
export const PACING_BATCH = 50;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface PacingFacts {
  /** The connection's channel: 'whatsapp-cloud' follows Meta's tiers, everything else is paced as QR. */
  channel: string;
  /** When the connection (the number) was added: its age drives the warm-up. */
  connectionCreatedAt: Date;
  /** Campaign sends on the connection in the last hour and the last 24 hours (every campaign). */
  sentLastHour: number;
  sentLastDay: number;
  /** The earliest the connection may take its next campaign send (the gap drawn after the last one). */
  nextSendAt: Date | null;
  /** The connection's work hours are open now (true when it defines none). */
  open: boolean;
}

/** The pacing's share of the reasons a campaign waits (CAMPAIGN_WAITS). */
export type PacingWait = Extract<CampaignWait, 'gap' | 'hours' | 'hourlyCap' | 'dailyCap' | 'warmup' | 'cloudTier'>;
export type PacingDecision = { send: number; gapMs: number } | { wait: PacingWait };

/** The daily cap of a number `ageDays` old: warmupStart doubled each day, up to dailyCap. */
export function warmupCap(pacing: CampaignPacing, ageDays: number): number {
  if (!pacing.warmup) return pacing.dailyCap;
  const days = Math.max(0, Math.floor(ageDays));
  // 2^20 is far past any cap: avoids Infinity for old numbers.
  return Math.min(pacing.dailyCap, pacing.warmupStart * 2 ** Math.min(days, 20));
}

export function decidePacing(pacing: CampaignPacing, facts: PacingFacts, now: Date, random: () => number = Math.random): PacingDecision {
  if (facts.channel === 'whatsapp-cloud') {
    const left = pacing.cloudTier - facts.sentLastDay;
    return left > 0 ? { send: Math.min(PACING_BATCH, left), gapMs: 0 } : { wait: 'cloudTier' };
  }
  if (pacing.respectWorkHours && !facts.open) return { wait: 'hours' };
  if (facts.nextSendAt && facts.nextSendAt.getTime() > now.getTime()) return { wait: 'gap' };
  const ageDays = (now.getTime() - facts.connectionCreatedAt.getTime()) / DAY_MS;
  const dailyCap = warmupCap(pacing, ageDays);
  if (facts.sentLastDay >= dailyCap) return { wait: dailyCap < pacing.dailyCap ? 'warmup' : 'dailyCap' };
  if (facts.sentLastHour >= pacing.hourlyCap) return { wait: 'hourlyCap' };
  const left = Math.min(dailyCap - facts.sentLastDay, pacing.hourlyCap - facts.sentLastHour);
  if (pacing.maxGapSeconds === 0) return { send: Math.min(PACING_BATCH, left), gapMs: 0 };
  const gapMs = Math.round((pacing.minGapSeconds + random() * (pacing.maxGapSeconds - pacing.minGapSeconds)) * 1000);
  return { send: 1, gapMs };
}
