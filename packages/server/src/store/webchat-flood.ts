/**
 * A web chat connection is "flooded" while new conversations are being refused for arriving
 * faster than its limit (channels/webchat/limits.ts): the mark is a counter in `rate_counters`
 * that lasts 10 minutes from the last refusal, read here for the connection's presentation.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rateCounters } from '../db/schema.js';
import { rowsOf } from '../lib/sql.js';

/** How long a connection shows flooded after a new conversation was last refused. */
export const FLOOD_SHOWN_SECONDS = 10 * 60;
const FLOOD_PREFIX = 'webchat:flood:';
export const floodKey = (connectionId: number) => `${FLOOD_PREFIX}${connectionId}`;

/** When each of these connections last refused a new conversation, for those still shown flooded. */
export async function floodedSince(db: DbOrTx, connectionIds: number[]): Promise<Map<number, Date>> {
  const out = new Map<number, Date>();
  if (connectionIds.length === 0) return out;
  const rows = rowsOf(
    await db.execute(sql`
      select key, resets_at - make_interval(secs => ${FLOOD_SHOWN_SECONDS}) as at from ${rateCounters}
      where key in (${sql.join(
        connectionIds.map((id) => sql`${floodKey(id)}`),
        sql`, `,
      )}) and resets_at > now()`),
  );
  for (const row of rows) out.set(Number(String(row.key).slice(FLOOD_PREFIX.length)), new Date(row.at as string | Date));
  return out;
}
