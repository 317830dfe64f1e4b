import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.js';

describe('TokenBucket', () => {
  it('allows a burst, then refills at the rate, never above capacity', () => {
    let now = 0;
    const bucket = new TokenBucket(3, 2, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 500; // one token back at 2 per second
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    now += 60_000;
    expect(Array.from({ length: 5 }, () => bucket.take())).toEqual([true, true, true, false, false]);
  });
});
