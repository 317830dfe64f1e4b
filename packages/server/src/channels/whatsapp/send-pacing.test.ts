/** The pacer on its own: pauses recorded on a fake clock, never waited for. */
import { describe, expect, it } from 'vitest';
import { NO_SEND_GAP, SendPacer } from './send-pacing.js';

function pacer(gap = { minMs: 1_000, maxMs: 3_000 }, random = () => 0.5) {
  const clock = { now: 0 };
  const pauses: number[] = [];
  const p = new SendPacer(gap, {
    now: () => clock.now,
    random,
    sleep: (ms) => {
      pauses.push(ms);
      clock.now += ms;
      return Promise.resolve();
    },
  });
  return { p, pauses, clock };
}

describe('send pacing', () => {
  it('counts the gap from the end of the previous send: only what is left of it is waited', async () => {
    const { p, pauses, clock } = pacer();
    await p.run('a', () => Promise.resolve());
    clock.now += 1_500;
    await p.run('b', () => Promise.resolve());
    expect(pauses).toEqual([500]);
  });

  it('a failed send is passed to its caller and the next send still goes, paced from it', async () => {
    const { p, pauses } = pacer();
    const failed = p.run('a', () => Promise.reject(new Error('refused')));
    const next = p.run('b', () => Promise.resolve('sent'));
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('sent');
    expect(pauses).toEqual([2_000]);
  });

  it('takes sends one at a time in call order, whatever each one takes', async () => {
    const { p } = pacer();
    const order: string[] = [];
    let finishFirst!: () => void;
    const first = p.run('a', () => new Promise<void>((resolve) => (finishFirst = resolve)).then(() => void order.push('a')));
    const second = p.run('a', () => Promise.resolve().then(() => void order.push('a2')));
    await Promise.resolve();
    expect(order).toEqual([]);
    finishFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['a', 'a2']);
  });

  it('with no gap never pauses', async () => {
    const { p, pauses } = pacer(NO_SEND_GAP);
    for (const chat of ['a', 'b', 'c']) await p.run(chat, () => Promise.resolve());
    expect(pauses).toEqual([]);
  });
});
