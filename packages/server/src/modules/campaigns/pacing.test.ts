/** The pacing decision: random gaps within the bounds, caps, warm-up, work hours and Meta's tiers. */
import { DEFAULT_CAMPAIGN_PACING } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import { decidePacing, PACING_BATCH, warmupCap, type PacingFacts } from './pacing.js';

const now = new Date('2026-06-01T12:00:00Z');
const DAY = 86_400_000;
const old: PacingFacts = {
  channel: 'whatsapp',
  connectionCreatedAt: new Date(now.getTime() - 90 * DAY),
  sentLastHour: 0,
  sentLastDay: 0,
  nextSendAt: null,
  open: true,
};
const p = DEFAULT_CAMPAIGN_PACING;

describe('campaign pacing', () => {
  it('sends one at a time with a random gap within the bounds, never the same rhythm', () => {
    const gaps = [0, 0.25, 0.5, 0.999].map((r) => decidePacing(p, old, now, () => r));
    for (const g of gaps) expect(g).toMatchObject({ send: 1 });
    const ms = gaps.map((g) => ('gapMs' in g ? g.gapMs : -1));
    expect(ms[0]).toBe(20_000);
    expect(ms[3]).toBeLessThanOrEqual(60_000);
    expect(new Set(ms).size).toBe(4);
  });

  it('waits for the gap, the hourly and daily caps, and the work hours', () => {
    expect(decidePacing(p, { ...old, nextSendAt: new Date(now.getTime() + 1000) }, now)).toEqual({ wait: 'gap' });
    expect(decidePacing(p, { ...old, sentLastHour: 60 }, now)).toEqual({ wait: 'hourlyCap' });
    expect(decidePacing(p, { ...old, sentLastDay: 300 }, now)).toEqual({ wait: 'dailyCap' });
    expect(decidePacing(p, { ...old, open: false }, now)).toEqual({ wait: 'hours' });
    expect(decidePacing({ ...p, respectWorkHours: false }, { ...old, open: false }, now)).toMatchObject({ send: 1 });
  });

  it('warms a new number up: 20 on its first day, doubling, up to the daily cap', () => {
    expect([0, 1, 2, 3, 4, 30].map((d) => warmupCap(p, d))).toEqual([20, 40, 80, 160, 300, 300]);
    const fresh = { ...old, connectionCreatedAt: new Date(now.getTime() - 3_600_000) };
    expect(decidePacing(p, { ...fresh, sentLastDay: 20 }, now)).toEqual({ wait: 'warmup' });
    expect(decidePacing({ ...p, warmup: false }, { ...fresh, sentLastDay: 20 }, now)).toMatchObject({ send: 1 });
  });

  it('without gaps sends in batches, within what the caps leave', () => {
    const gapless = { ...p, minGapSeconds: 0, maxGapSeconds: 0 };
    expect(decidePacing(gapless, old, now)).toEqual({ send: PACING_BATCH, gapMs: 0 });
    expect(decidePacing(gapless, { ...old, sentLastHour: 55 }, now)).toEqual({ send: 5, gapMs: 0 });
  });

  it("follows Meta's tier on the Cloud API: batches up to the tier's customers per 24 h, no gaps or hours", () => {
    const cloud = { ...old, channel: 'whatsapp-cloud', open: false, nextSendAt: new Date(now.getTime() + 60_000) };
    expect(decidePacing(p, cloud, now)).toEqual({ send: PACING_BATCH, gapMs: 0 });
    expect(decidePacing(p, { ...cloud, sentLastDay: 990 }, now)).toEqual({ send: 10, gapMs: 0 });
    expect(decidePacing(p, { ...cloud, sentLastDay: 1000 }, now)).toEqual({ wait: 'cloudTier' });
  });
});
