/**
 * Service cycles (ARCHITECTURE §4): queued → started → finished rows, the source of the dashboard's
 * exact times. Every ticket action records its step here, inside the action's transaction, and
 * moves the cycle's contribution to the dashboard's figures with it (store/dashboard-rollups.ts).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { ticketCycles } from '../db/schema.js';
import { rollupCycles } from './dashboard-rollups.js';

export type CycleOutcome = 'resolved' | 'finished' | 'inactive' | 'api' | 'transferred' | 'returned';

export async function currentCycle(db: DbOrTx, ticketId: number) {
  const [row] = await db
    .select()
    .from(ticketCycles)
    .where(and(eq(ticketCycles.ticketId, ticketId), isNull(ticketCycles.finishedAt)))
    .orderBy(desc(ticketCycles.id))
    .limit(1);
  return row;
}

export async function openCycle(
  db: DbOrTx,
  ticketId: number,
  at: Date,
  fields: { queueId: number | null; userId?: number | null; started?: boolean; finished?: { outcome: CycleOutcome; by: number | null } },
) {
  const [row] = await db
    .insert(ticketCycles)
    .values({
      ticketId,
      queueId: fields.queueId,
      userId: fields.userId ?? null,
      queuedAt: at,
      startedAt: fields.started ? at : null,
      // A cycle that ends as it begins (a ticket created closed) is written whole: opening it and
      // finishing it would move its dashboard figures in and out again, a dozen statements for nothing.
      finishedAt: fields.finished ? at : null,
      outcome: fields.finished?.outcome ?? null,
      finishedBy: fields.finished?.by ?? null,
    })
    .returning();
  await rollupCycles(db, 1, sql`c.id = ${row.id}`);
  return row;
}

/** Marks the current cycle started by a user (accept); opens one if none is running. */
export async function startCycle(db: DbOrTx, ticketId: number, at: Date, userId: number, queueId: number | null) {
  const cycle = await currentCycle(db, ticketId);
  if (!cycle) return openCycle(db, ticketId, at, { queueId, userId, started: true });
  if (cycle.startedAt) return cycle;
  await rollupCycles(db, -1, sql`c.id = ${cycle.id}`);
  const [row] = await db
    .update(ticketCycles)
    .set({ startedAt: at, userId, queueId: queueId ?? cycle.queueId })
    .where(eq(ticketCycles.id, cycle.id))
    .returning();
  await rollupCycles(db, 1, sql`c.id = ${cycle.id}`);
  return row;
}

/** Ends the running cycle; returns it (or undefined when none was running). */
export async function finishCycle(db: DbOrTx, ticketId: number, at: Date, outcome: CycleOutcome, finishedBy: number | null) {
  const cycle = await currentCycle(db, ticketId);
  if (!cycle) return undefined;
  await rollupCycles(db, -1, sql`c.id = ${cycle.id}`);
  const [row] = await db.update(ticketCycles).set({ finishedAt: at, outcome, finishedBy }).where(eq(ticketCycles.id, cycle.id)).returning();
  await rollupCycles(db, 1, sql`c.id = ${cycle.id}`);
  return row;
}
