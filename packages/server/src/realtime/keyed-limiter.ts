/**
 * Token buckets by key (a client address, a user, a connection) in a bounded map: a flood of new
 * keys (random addresses, made-up users) evicts the longest-unused buckets instead of growing
 * memory. An evicted key starts again with a full bucket, which only ever lets through what a
 * fresh client would get.
 */
import { TokenBucket } from './token-bucket.js';

export interface BucketLimit {
  /** Taken at once. */
  burst: number;
  /** Refilled per second after. */
  perSecond: number;
}

export class KeyedLimiter {
  private buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly limit: BucketLimit,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token of `key`'s bucket; false when it is empty. */
  take(key: string): boolean {
    let bucket = this.buckets.get(key);
    if (bucket) {
      // Re-inserted: the map's order is "least recently used first".
      this.buckets.delete(key);
    } else {
      bucket = new TokenBucket(this.limit.burst, this.limit.perSecond, this.now);
      if (this.buckets.size >= this.maxKeys) {
        const oldest = this.buckets.keys().next().value;
        if (oldest !== undefined) this.buckets.delete(oldest);
      }
    }
    this.buckets.set(key, bucket);
    return bucket.take();
  }
}
