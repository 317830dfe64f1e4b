/**
 * Brute-force protection for sign-in: failed attempts are counted per (address, e-mail) and per
 * address; past the limit further attempts are refused (429) until the window has passed. A
 * successful sign-in clears its counter, so people who sign in often are never slowed down.
 * Kept in memory: each server process counts its own attempts.
 */
import type { Clock } from '../../context.js';
import { AppError } from '../../lib/app-error.js';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_ACCOUNT = 10;
const MAX_FAILURES_PER_ADDRESS = 50;

interface Counter {
  failures: number;
  since: number;
}

export class LoginThrottle {
  private counters = new Map<string, Counter>();

  constructor(private readonly clock: Clock) {}

  /** Throws ERR_TOO_MANY_REQUESTS when this address or account is locked out. */
  check(ip: string, email: string): void {
    if (this.count(`a:${ip}|${email}`) >= MAX_FAILURES_PER_ACCOUNT || this.count(`ip:${ip}`) >= MAX_FAILURES_PER_ADDRESS) {
      throw new AppError('ERR_TOO_MANY_REQUESTS', 429);
    }
  }

  failed(ip: string, email: string): void {
    this.bump(`a:${ip}|${email}`);
    this.bump(`ip:${ip}`);
  }

  succeeded(ip: string, email: string): void {
    this.counters.delete(`a:${ip}|${email}`);
  }

  private count(key: string): number {
    const c = this.counters.get(key);
    if (!c) return 0;
    if (this.clock.now().getTime() - c.since > WINDOW_MS) {
      this.counters.delete(key);
      return 0;
    }
    return c.failures;
  }

  private bump(key: string): void {
    const now = this.clock.now().getTime();
    const c = this.counters.get(key);
    if (!c || now - c.since > WINDOW_MS) this.counters.set(key, { failures: 1, since: now });
    else c.failures += 1;
    if (this.counters.size > 100_000) this.counters.clear(); // bounded memory under a spray
  }
}
