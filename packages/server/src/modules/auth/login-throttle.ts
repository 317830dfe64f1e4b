/**
 * Brute-force protection for sign-in, counted in the database so every server process sees the
 * same counts (N processes must not allow N times the attempts).
 *
 * - Per (address, e-mail): after 10 failures in 15 minutes that account is refused (429) from that
 *   address until the window has passed, even with the right password.
 * - Per address: past 50 failures in the window the address is "hot" and each account from it is
 *   locked after 3 failures instead of 10. The address itself is never locked: a whole office
 *   behind one NAT address keeps signing in with correct passwords while a spray from the same
 *   address gets only 3 guesses per account (docs/decisions.md).
 *
 * - Per account, from any address: past 20 failures in the window the account is refused (429)
 *   from every address, even with the right password, until 15 minutes from the first of them have
 *   passed. The per-address counts alone let a guesser with many addresses (or one who chooses the
 *   address the server sees) try without end. The price: someone who knows an e-mail can keep that
 *   account locked by failing 20 times every 15 minutes — a lockout is visible and ends, a guessed
 *   password is neither (docs/decisions.md).
 *
 * A successful sign-in clears its (address, e-mail) counter, so people who sign in often are never
 * slowed down. It does not clear the account-wide count: a guesser's budget does not start over
 * because the owner signed in meanwhile.
 */
import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../context.js';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_ACCOUNT = 10;
const HOT_ADDRESS_FAILURES = 50;
const MAX_FAILURES_PER_ACCOUNT_FROM_HOT_ADDRESS = 3;
/** Failures of one account from all addresses together before it is refused everywhere. */
export const MAX_FAILURES_PER_ACCOUNT_ANYWHERE = 20;

const accountKey = (ip: string, email: string) => `a:${ip}|${email.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;
const anywhereKey = (email: string) => `e:${email.toLowerCase()}`;

export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Throws ERR_TOO_MANY_REQUESTS when this account is locked out from this address. */
  async check(ip: string, email: string): Promise<void> {
    const windowStart = new Date(this.clock.now().getTime() - WINDOW_MS);
    const rows = await this.db
      .select({ key: loginFailures.key, failures: loginFailures.failures })
      .from(loginFailures)
      .where(
        and(inArray(loginFailures.key, [accountKey(ip, email), addressKey(ip), anywhereKey(email)]), gt(loginFailures.since, windowStart)),
      );
    const count = (key: string) => rows.find((r) => r.key === key)?.failures ?? 0;
    if (count(anywhereKey(email)) >= MAX_FAILURES_PER_ACCOUNT_ANYWHERE) throw new AppError('ERR_TOO_MANY_REQUESTS', 429);
    const hot = count(addressKey(ip)) >= HOT_ADDRESS_FAILURES;
    const limit = hot ? MAX_FAILURES_PER_ACCOUNT_FROM_HOT_ADDRESS : MAX_FAILURES_PER_ACCOUNT;
    if (count(accountKey(ip, email)) >= limit) throw new AppError('ERR_TOO_MANY_REQUESTS', 429);
  }

  async failed(ip: string, email: string): Promise<void> {
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - WINDOW_MS);
    const expired = sql`${loginFailures.since} <= ${windowStart.toISOString()}::timestamptz`;
    // One statement per key, atomic across processes: a counter whose window passed starts over.
    await this.db
      .insert(loginFailures)
      .values([accountKey(ip, email), addressKey(ip), anywhereKey(email)].map((key) => ({ key, failures: 1, since: now })))
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
          since: sql`case when ${expired} then excluded.since else ${loginFailures.since} end`,
        },
      });
    // Counters of past windows are of no use; the table stays small under a spray.
    await this.db.delete(loginFailures).where(lt(loginFailures.since, windowStart));
  }

  async succeeded(ip: string, email: string): Promise<void> {
    await this.db.delete(loginFailures).where(inArray(loginFailures.key, [accountKey(ip, email)]));
  }
}
