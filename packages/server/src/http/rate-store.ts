/**
 * The HTTP rate limits' counters in the database (`rate_counters`), so every server process
 * counts against the same budget: N processes behind a balancer must not allow N times the
 * requests. Fixed windows, one atomic upsert per counted request; the window is judged by the
 * database clock, so processes with skewed clocks agree.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateCounters } from '../db/schema.js';
import { rowsOf } from '../lib/sql.js';

/** Expired counters are swept after this many counted requests of a process. */
const SWEEP_EVERY = 500;

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

class DbRateStore implements FastifyRateLimitStore {
  private counted = 0;

  constructor(
    private readonly db: Db,
    /** The route's own namespace: one key (a client address) has separate budgets per route. */
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void {
    this.count(`${this.prefix}${key}`, timeWindow ?? 60_000).then(
      (result) => callback(null, result),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // The plugin passes the route's merged limit options, the route itself under `routeInfo`.
    const route: RouteInfo = (routeOptions as { routeInfo?: RouteInfo }).routeInfo ?? routeOptions;
    const method = [route.method ?? ''].flat().join(',');
    return new DbRateStore(this.db, `${method} ${route.url ?? ''}|`);
  }

  private async count(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const result = await this.db.execute(sql`
      insert into ${rateCounters} as c (key, hits, resets_at)
      values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      on conflict (key) do update set
        hits = case when c.resets_at <= now() then 1 else c.hits + 1 end,
        resets_at = case when c.resets_at <= now() then excluded.resets_at else c.resets_at end
      returning hits, greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int as ttl`);
    const [row] = rowsOf(result);
    if (++this.counted % SWEEP_EVERY === 0) await this.db.delete(rateCounters).where(lt(rateCounters.resetsAt, sql`now()`));
    return { current: Number(row.hits), ttl: Number(row.ttl) };
  }
}

/** The store class @fastify/rate-limit instantiates (it takes a constructor, so the database is closed over). */
export function databaseRateStore(db: Db): FastifyRateLimitStoreCtor {
  return class extends DbRateStore {
    constructor() {
      super(db, '');
    }
  };
}
