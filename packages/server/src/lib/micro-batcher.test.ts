import { afterEach, describe, expect, it, vi } from 'vitest';
import { MicroBatcher } from './micro-batcher.js';

/**
 * Callers that submit again as soon as their item resolved (the inbound pipeline under a burst,
 * each chat waiting for its previous message): what batches they form.
 */
async function batchesOf(gather: boolean, callers: number, rounds: number, batchMs: number): Promise<number[]> {
  const sizes: number[] = [];
  let firstBatchStarted!: () => void;
  const firstBatch = new Promise<void>((resolve) => (firstBatchStarted = resolve));
  const batcher = new MicroBatcher<number, number>(
    async (items) => {
      sizes.push(items.length);
      firstBatchStarted();
      await new Promise((r) => setTimeout(r, batchMs));
      return items;
    },
    200,
    1,
    gather,
  );
  // The first caller arrives before the others, as the first message of a burst does: the others
  // come while its batch is being written (not after a timer, which a busy machine may delay
  // past the first batch's start, or not).
  const caller = async (i: number) => {
    if (i > 0) await firstBatch;
    for (let k = 0; k < rounds; k++) await batcher.submit(i);
  };
  await Promise.all(Array.from({ length: callers }, (_, i) => caller(i)));
  return sizes;
}

describe('micro-batcher', () => {
  it('without gathering, a lone first item splits a steady load into batches of one and of all the others', async () => {
    const sizes = await batchesOf(false, 8, 5, 5);
    expect(sizes.slice(0, 6)).toEqual([1, 7, 1, 7, 1, 7]);
  });

  it('gathering lets the callers that come back together share one batch', async () => {
    const sizes = await batchesOf(true, 8, 5, 5);
    // The lone first item, then everyone together (the first caller, a round ahead, may be missing
    // from the last batch).
    expect(sizes[0]).toBe(1);
    expect(Math.min(...sizes.slice(1))).toBeGreaterThanOrEqual(7);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(40);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('under a light load a gathering batcher does not wait: a lone item is written at once', async () => {
    // With timers frozen, a batch that waited to fill would never be written (and the test would
    // time out): every item resolving shows that no wait was set.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const batcher = new MicroBatcher<number, number>((items) => Promise.resolve(items), 200, 1, true);
    for (let k = 0; k < 20; k++) expect(await batcher.submit(k)).toBe(k);
    expect(vi.getTimerCount()).toBe(0);
  });
});
