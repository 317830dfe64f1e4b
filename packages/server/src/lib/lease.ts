/**
 * A named lease in the `leases` table (ARCHITECTURE §8 leader lock): taken when free or expired,
 * renewed by its holder, released on a clean stop. Expiry is judged by the database clock, so
 * server processes with skewed clocks agree on who holds it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from './sql.js';

export class Lease {
  constructor(
    private readonly db: Db,
    readonly name: string,
    readonly holder: string,
    private readonly ttlSeconds: number,
  ) {}

  /** Takes or renews the lease; true when this holder has it until now + ttl. */
  async acquire(): Promise<boolean> {
    const result = await this.db.execute(sql`
      insert into leases (name, holder, expires_at)
      values (${this.name}, ${this.holder}, now() + make_interval(secs => ${this.ttlSeconds}))
      on conflict (name) do update
        set holder = excluded.holder, expires_at = excluded.expires_at
        where leases.holder = excluded.holder or leases.expires_at < now()
      returning holder`);
    return rowsOf(result).some((r) => r.holder === this.holder);
  }

  async release(): Promise<void> {
    await this.db.execute(sql`delete from leases where name = ${this.name} and holder = ${this.holder}`);
  }
}
