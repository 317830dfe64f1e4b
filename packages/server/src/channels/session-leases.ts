/**
 * Which server process runs a connection's session: the one holding its lease (`channel:<id>` in
 * the leases table), renewed while it runs. A holder that dies stops renewing; its leases expire
 * and another process adopts the sessions (manager.ts, maintainLeases).
 */
import { and, eq, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { leases } from '../db/schema.js';
import { Lease } from '../lib/lease.js';

export const LEASE_SECONDS = 30;
export const RENEW_EVERY_MS = 10_000;
/** Before a dead holder's last renewal, how far back what it stored is announced again (clock skew, a slow renewal). */
const ADOPTION_LOOKBACK_MS = 30_000;
const PREFIX = 'channel:';

export const sessionLease = (db: Db, connectionId: number, holder: string): Lease =>
  new Lease(db, `${PREFIX}${connectionId}`, holder, LEASE_SECONDS);

/** Whether some process holds the connection's session now (a live lease). */
export async function sessionHeld(db: Db, connectionId: number): Promise<boolean> {
  const [held] = await db
    .select({ name: leases.name })
    .from(leases)
    .where(and(eq(leases.name, `${PREFIX}${connectionId}`), sql`${leases.expiresAt} > now()`));
  return !!held;
}

export interface OrphanedSession {
  connectionId: number;
  /** The process that held it. */
  holder: string;
  /** From when that process may have stored messages it never announced. */
  since: Date;
}

/** Sessions whose holder stopped renewing their lease. */
export async function orphanedSessions(db: Db): Promise<OrphanedSession[]> {
  const rows = await db
    .select({ name: leases.name, holder: leases.holder, expiresAt: leases.expiresAt })
    .from(leases)
    .where(and(like(leases.name, `${PREFIX}%`), lt(leases.expiresAt, sql`now()`)));
  return rows
    .map(({ name, holder, expiresAt }) => ({
      connectionId: Number(name.slice(PREFIX.length)),
      holder,
      // The previous holder last renewed the lease one lease time before it expired; it may have
      // stored messages up to then (and a little before, while the renewal ran) and died before
      // announcing them.
      since: new Date(expiresAt.getTime() - LEASE_SECONDS * 1000 - ADOPTION_LOOKBACK_MS),
    }))
    .filter((o) => Number.isInteger(o.connectionId));
}

/**
 * Expires session leases (rather than deleting them) so another process sees them as orphaned:
 * every one (`holder` omitted: a sole process starting after a kill -9) or one holder's (shutdown).
 */
export async function expireSessionLeases(db: Db, holder?: string): Promise<void> {
  await db
    .update(leases)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(holder ? and(eq(leases.holder, holder), like(leases.name, `${PREFIX}%`)) : like(leases.name, `${PREFIX}%`));
}
