/**
 * Works out the search keys of contacts still untracked (contacts.ticket_scope_keys, migration 0066)
 * from their tickets, a chunk of contacts per transaction. A contact starts untracked and stays so
 * until one of its tickets changes hands (the trigger does it then); a bulk writer of tickets that
 * never change hands — an import — calls this afterwards, so the search's pre-filter rules out the
 * contacts it brought in as it does the others.
 *
 * Each chunk follows the trigger's protocol: the contacts are taken FOR NO KEY UPDATE first, and
 * their keys are worked out in a later statement, which sees every ticket committed by then (a new
 * ticket of an untracked contact holds it FOR SHARE until it commits).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../lib/sql.js';

/**
 * The key of "unassigned, in some sector" (migration 0066's ticket_scope_keys()): below every
 * sector's own key (minus its id).
 */
export const ANY_SECTOR_KEY = -2_147_483_648;
/** The key of a contact whose tickets' keys are not worked out yet: in every viewer's keys. */
export const UNTRACKED_KEY = -2_147_483_647;

/** Contacts per transaction: a chunk holds its contacts' rows for a moment only. */
const CHUNK = 2_000;

/** Returns how many contacts were tracked. */
export async function trackContactScopeKeys(db: Db, chunk = CHUNK): Promise<number> {
  let after = 0;
  let tracked = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const ids = rowsOf(
        await tx.execute(sql`select id from contacts
          where id > ${after} and ticket_scope_keys @> array[${UNTRACKED_KEY}::int]
          order by id limit ${chunk} for no key update`),
      ).map((r) => Number(r.id));
      if (!ids.length) return true;
      after = ids[ids.length - 1];
      const updated = await tx.execute(sql`update contacts c set ticket_scope_keys = k.keys
        from (select t.contact_id, array_agg(distinct k order by k) as keys
                from tickets t cross join lateral unnest(ticket_scope_keys(t.user_id, t.queue_id)) k
               where t.contact_id = any(${sql.param(ids)}::int[])
               group by t.contact_id) k
        where c.id = k.contact_id and c.ticket_scope_keys @> array[${UNTRACKED_KEY}::int]
        returning c.id`);
      tracked += rowsOf(updated).length;
      return ids.length < chunk;
    });
    if (done) return tracked;
  }
}
