/**
 * The dashboard's leads under an attendant or sector filter (table `dashboard_leads`, docs/decisions.md
 * "Distinct tickets and leads without reading the cycles"): people first seen in the range with a cycle of the attendant or sector
 * queued from the range's start on, any of their tickets' cycles. Per (filter, person) that is the
 * person's first-seen day and the last day such a cycle was queued: they count in [from, to] when
 * the first is in it and the last is not before `from`. Rows sum the people per (attendant or 0,
 * sector or 0, first-seen day, last queued day); nobody's and no sector's cycles are left out.
 * (Unfiltered leads are the rollups' `leads`: every person, with cycles or not.)
 *
 * A person's row depends on all their cycles, so a change of cycles moves the difference between
 * the rows of their people now and the rows without those cycles (out before a change, in after
 * it: the differences add up to the change). Gathered per transaction and written at its commit
 * with the rollups; the people are locked first, so two writers of one person's tickets take turns.
 * Rows are kept under tag 0 and under each of the person's tags (store/dashboard-tags.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rowsOf } from '../lib/sql.js';
import { everyTag, lockContacts, type TagsOf } from './dashboard-tags.js';
import { gatheredIn, KeptDeltas, keptTable } from './kept-deltas.js';

const LEADS = keptTable(
  'dashboard_leads',
  { tag_id: 'int', user_id: 'int', queue_id: 'int', day: 'date', last_day: 'date' },
  { contacts: 'int' },
);

/**
 * The rows of the people `people` (a query of contact ids), from their cycles except those
 * matching `leaving` (alias c), under their tags `tags`: (tag_id, user_id, queue_id, day, last_day as text, contacts).
 */
function leadRows(zone: SQL, people: SQL, leaving: SQL | null, tags: TagsOf = everyTag): SQL {
  return sql`
    with z as (select ${zone} as tz),
    k as (
      select t.contact_id, k.user_id, k.queue_id, max((c.queued_at at time zone z.tz)::date) as last_day
      from ticket_cycles c join tickets t on t.id = c.ticket_id cross join z
        cross join lateral (values (c.user_id, 0), (0, c.queue_id), (c.user_id, c.queue_id)) k(user_id, queue_id)
      where t.contact_id in (${people}) and k.user_id is not null and k.queue_id is not null
        ${leaving ? sql`and not coalesce((${leaving}), false)` : sql``}
      group by t.contact_id, k.user_id, k.queue_id
    )
    select g.tag_id, k.user_id, k.queue_id, to_char((ct.created_at at time zone z.tz)::date, 'YYYY-MM-DD') as day,
      to_char(k.last_day, 'YYYY-MM-DD') as last_day, count(*)::int as contacts
    from k join contacts ct on ct.id = k.contact_id cross join lateral (${tags(sql`ct.id`)}) g(tag_id) cross join z
    where not ct.is_group
    group by 1, 2, 3, 4, 5`;
}

/** Adds `rows` (lead rows with their contacts already signed): gathered in a transaction, at once otherwise. */
async function gather(db: DbOrTx, inTransaction: boolean, rows: SQL): Promise<void> {
  const gathered = inTransaction ? gatheredIn(db, LEADS) : undefined;
  const moved = gathered ?? new KeptDeltas(LEADS);
  for (const r of rowsOf(await db.execute(rows))) moved.add(r);
  if (!gathered) await moved.write(db);
}

const signed = (sign: number, rows: SQL) =>
  sql`select r.tag_id, r.user_id, r.queue_id, r.day, r.last_day, ${sign}::int * r.contacts as contacts from (${rows}) r`;

/**
 * The cycles matching `where` (alias c) go out (-1, before a change) or come in (1, after it):
 * their people's rows move by the difference their cycles make. The caller has locked the people
 * (store/dashboard-tags.ts lockContacts), so another writer of theirs waits, then reads after it.
 */
export async function leadsMoveCycles(db: DbOrTx, zone: SQL, inTransaction: boolean, sign: 1 | -1, where: SQL): Promise<void> {
  const people = sql`select t.contact_id from tickets t where t.id in (select c.ticket_id from ticket_cycles c where ${where})`;
  await gather(
    db,
    inTransaction,
    sql`${signed(sign, leadRows(zone, people, null))} union all ${signed(-sign, leadRows(zone, people, where))}`,
  );
}

/** The people `people` (a query of contact ids) go out (-1, before their tickets change person) or come in (1, after). */
export async function leadsMovePeople(db: DbOrTx, zone: SQL, inTransaction: boolean, sign: 1 | -1, people: SQL): Promise<void> {
  await lockContacts(db, inTransaction, people);
  await gather(db, inTransaction, signed(sign, leadRows(zone, people, null)));
}

/** The people `people` (locked by the caller) gain (1) or lose (-1) the tags `tags`: their rows move under them. */
export async function leadsMoveTags(db: DbOrTx, zone: SQL, inTransaction: boolean, sign: 1 | -1, people: SQL, tags: TagsOf): Promise<void> {
  await gather(db, inTransaction, signed(sign, leadRows(zone, people, null, tags)));
}

/** An attendant or sector deleted: its cycles are nobody's / of no sector, which these rows leave out. */
export async function dropLeads(db: DbOrTx, column: 'user_id' | 'queue_id', id: number): Promise<void> {
  gatheredIn(db, LEADS)?.forget(column, id);
  await db.execute(sql`delete from dashboard_leads where ${sql.raw(column)} = ${id}`);
}

/** Recounts the table (under the rollups' table lock, see rebuildDashboardRollups). */
export async function rebuildLeads(db: DbOrTx, zone: SQL): Promise<void> {
  await db.execute(sql`delete from dashboard_leads`);
  await db.execute(sql`
    insert into dashboard_leads (tag_id, user_id, queue_id, day, last_day, contacts)
    select r.tag_id, r.user_id, r.queue_id, r.day::date, r.last_day::date, r.contacts
    from (${leadRows(zone, sql`select id from contacts`, null)}) r`);
}
