/**
 * The dashboard's additive figures per company-local day × attendant × sector (table
 * `dashboard_rollups`, docs/decisions.md "Dashboard rollups"). Every writer of cycles, ratings and
 * contacts calls these in its own transaction: the cycles' contribution goes out before a change
 * and comes back in after it, so a cycle's figures follow its user, sector and days exactly. The
 * same calls keep the figures that do not add up over cycles — distinct tickets
 * (store/dashboard-tickets.ts) and leads under a filter (store/dashboard-leads.ts).
 *
 * Why in the services and not in triggers: the writes are few and known, and a transaction's
 * changes are gathered and written by one upsert whose keys are sorted, just before it commits
 * (store/kept-deltas.ts, for every kept table: so two writers lock shared keys in the same order,
 * after every other lock they take); the
 * transactions that run them are also retried on a deadlock or serialization failure
 * (lib/retry-transaction.ts), for the locks elsewhere.
 *
 * The day is the company's time zone as stored in the settings table, read by the statement
 * itself: a change of the zone rewrites every row under a table lock (`rebuildDashboardRollups`),
 * and a writer waiting on that lock then reads the new zone.
 *
 * Every figure is kept under tag 0 (every contact) and again under each tag of the contact whose
 * ticket, rating or first sighting it counts (column tag_id, docs/decisions.md "The tag filter from
 * kept figures"): the same statements fan each row out to its contact's tags, so a writer adds no
 * statement for them. The contact is locked before its tags are read (`lockContacts`), and a change
 * of its tags (`rollupContactTags`) locks it too, so the two take turns: a writer reads the tags the
 * change left, the change reads the cycles the writer left.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rowsOf } from '../lib/sql.js';
import { gatheredIn, keptTable, type KeptDeltas } from './kept-deltas.js';
import { serverTimeZone } from './settings.js';
import { everyTag, lockContacts, theseTags, type TagsOf } from './dashboard-tags.js';
import { dropLeads, leadsMoveCycles, leadsMovePeople, leadsMoveTags, rebuildLeads } from './dashboard-leads.js';
import { dropTicketFigures, forgetTicketFigures, gatherTicketCycles, rebuildTicketFigures, tagTicketFigures } from './dashboard-tickets.js';

/** Cycle outcomes that end a customer's service (a transfer or a return hands the ticket on). */
export const ENDING_OUTCOMES = sql`('resolved', 'finished', 'inactive', 'api')`;

/** The company's zone as the settings cache falls back to it when unset. */
function companyZone(): SQL {
  return sql`coalesce((select nullif(s.value, '') from settings s where s.key = 'timezone'), ${serverTimeZone()})`;
}

/** An interval in whole microseconds (extract gives an exact numeric). */
const micros = (interval: SQL) => sql`(extract(epoch from ${interval}) * 1000000)::bigint`;

const FIGURES = [
  'tickets_queued',
  'pending',
  'happening',
  'finished',
  'support_us',
  'support_n',
  'wait_us',
  'wait_n',
  'rated',
  'rate_sum',
  'promoters',
  'passives',
  'detractors',
  'leads',
] as const;

/**
 * tickets_queued marks a ticket's first cycle (by id) queued on its local day: their sum over a
 * day is the day's distinct tickets (the unfiltered chart). A cycle's mark never changes — its
 * queued time does not, and the ticket's earlier cycles go only with the whole ticket — so it
 * moves with the cycle's attendant and sector like the rest.
 *
 * Rows (tag_id, day, user_id, queue_id, figures…) summed per key and sorted by it, from
 * - cycles: `select sign, id, ticket_id, queued_at, started_at, finished_at, outcome, user_id, queue_id, tag_id`
 * - ratings: `select sign, created_at, user_id, queue_id, rate, tag_id` (queue: the rated cycle's)
 * - contacts: `select sign, created_at, is_group, tag_id` (leads: people first seen that day, under no attendant or sector)
 * (sign 1 adds a row's contribution, -1 takes it out). Keys whose figures sum to zero are left
 * out, so a change that moves nothing locks nothing.
 */
function contributions(zone: SQL, cycles: SQL | null, ratings: SQL | null, people: SQL | null = null): SQL {
  const parts: SQL[] = [];
  if (cycles) {
    parts.push(sql`
      select c.tag_id, (c.queued_at at time zone z.tz)::date as day, coalesce(c.user_id, 0) as user_id, coalesce(c.queue_id, 0) as queue_id,
        c.sign * (not exists (
          select 1 from ticket_cycles o
          where o.ticket_id = c.ticket_id and o.id < c.id
            and (o.queued_at at time zone z.tz)::date = (c.queued_at at time zone z.tz)::date))::int as tickets_queued,
        c.sign * (c.started_at is null and c.finished_at is null)::int as pending,
        c.sign * (c.started_at is not null and c.finished_at is null)::int as happening,
        0 as finished, 0::bigint as support_us, 0 as support_n,
        case when c.started_at > c.queued_at then c.sign * ${micros(sql`c.started_at - c.queued_at`)} else 0 end as wait_us,
        c.sign * coalesce(c.started_at > c.queued_at, false)::int as wait_n,
        0 as rated, 0 as rate_sum, 0 as promoters, 0 as passives, 0 as detractors, 0 as leads
      from (${cycles}) c, z`);
    parts.push(sql`
      select c.tag_id, (c.finished_at at time zone z.tz)::date, coalesce(c.user_id, 0), coalesce(c.queue_id, 0),
        0, 0, 0,
        c.sign * (c.outcome in ${ENDING_OUTCOMES})::int,
        case when c.started_at is not null then c.sign * ${micros(sql`c.finished_at - c.started_at`)} else 0 end,
        c.sign * (c.started_at is not null)::int,
        0, 0, 0, 0, 0, 0, 0, 0
      from (${cycles}) c, z where c.finished_at is not null`);
  }
  if (ratings) {
    parts.push(sql`
      select r.tag_id, (r.created_at at time zone z.tz)::date, coalesce(r.user_id, 0), coalesce(r.queue_id, 0),
        0, 0, 0, 0, 0, 0, 0, 0,
        r.sign, r.sign * r.rate, r.sign * (r.rate >= 9)::int, r.sign * (r.rate between 7 and 8)::int, r.sign * (r.rate <= 6)::int, 0
      from (${ratings}) r, z`);
  }
  if (people) {
    parts.push(sql`
      select ct.tag_id, (ct.created_at at time zone z.tz)::date, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ct.sign * (not ct.is_group)::int
      from (${people}) ct, z`);
  }
  const sums = sql.raw(FIGURES.map((f) => `sum(x.${f})::${f.endsWith('_us') ? 'bigint' : 'int'} as ${f}`).join(', '));
  const nonZero = sql.raw(FIGURES.map((f) => `sum(x.${f}) <> 0`).join(' or '));
  return sql`
    with z as (select ${zone} as tz)
    select x.tag_id, x.day, x.user_id, x.queue_id, ${sums}
    from (${sql.join(parts, sql` union all `)}) as x(tag_id, day, user_id, queue_id, ${sql.raw(FIGURES.join(', '))})
    group by x.tag_id, x.day, x.user_id, x.queue_id
    having ${nonZero}
    order by x.tag_id, x.day, x.user_id, x.queue_id`;
}

/** The rows, keyed by (tag, day, attendant, sector), their figures added by a transaction's changes. */
const ROLLUPS = keptTable(
  'dashboard_rollups',
  { tag_id: 'int', day: 'date', user_id: 'int', queue_id: 'int' },
  Object.fromEntries(FIGURES.map((f) => [f, f.endsWith('_us') ? 'bigint' : 'int'])),
);

/** The transactions that hold the table in row exclusive mode. */
const locked = new WeakSet<object>();

/**
 * The figures the transaction moves, written at its commit (store/kept-deltas.ts: one upsert in key
 * order, after every other lock it takes, so two writers of the same keys queue up instead of
 * deadlocking, whatever order their actions came in); undefined outside a transaction, where every
 * change is written at once.
 */
async function gathering(db: DbOrTx): Promise<KeptDeltas | undefined> {
  const gathered = gatheredIn(db, ROLLUPS);
  if (!gathered) return undefined;
  if (!locked.has(db)) {
    // Once per transaction: a zone change (which recounts under an exclusive lock) waits for this
    // transaction, or this one for it and then reads the new zone; writers do not wait for each other here.
    await db.execute(sql`lock table dashboard_rollups in row exclusive mode`);
    locked.add(db);
  }
  return gathered;
}

/** Adds the rows' contributions: gathered in a transaction, at once otherwise. True in a transaction. */
async function add(db: DbOrTx, cycles: SQL | null, ratings: SQL | null, people: SQL | null = null): Promise<boolean> {
  const gathered = await gathering(db);
  if (!gathered) {
    await db.execute(sql`
      insert into dashboard_rollups (${ROLLUPS.columns})
      ${contributions(companyZone(), cycles, ratings, people)}
      ${ROLLUPS.onConflictAdd}`);
    return false;
  }
  for (const r of rowsOf(await db.execute(contributions(companyZone(), cycles, ratings, people)))) gathered.add(r);
  return true;
}

/** The cycles matching `where` (alias c), once per tag of their contact (none: as they are, for the per-ticket figures). */
const cycleRows = (sign: 1 | -1, where: SQL, tags: TagsOf | null = everyTag) =>
  tags
    ? sql`select ${sign}::int as sign, c.id, c.ticket_id, c.queued_at, c.started_at, c.finished_at, c.outcome, c.user_id, c.queue_id, g.tag_id
        from ticket_cycles c join tickets tk on tk.id = c.ticket_id cross join lateral (${tags(sql`tk.contact_id`)}) g(tag_id)
        where ${where}`
    : sql`select ${sign}::int as sign, c.id, c.ticket_id, c.queued_at, c.started_at, c.finished_at, c.outcome, c.user_id, c.queue_id
        from ticket_cycles c where ${where}`;

/** Ratings of a cycle (those of none are read raw by the dashboard: their sector follows the ticket). */
const ratingRows = (sign: 1 | -1, where: SQL, tags: TagsOf = everyTag) =>
  sql`select ${sign}::int as sign, r.created_at, r.user_id, c.queue_id, r.rate, g.tag_id
      from ratings r join ticket_cycles c on c.id = r.cycle_id join tickets tk on tk.id = r.ticket_id
        cross join lateral (${tags(sql`tk.contact_id`)}) g(tag_id)
      where ${where}`;

/** The people whose tickets have cycles matching `where` (alias c). */
const peopleOfCycles = (where: SQL) =>
  sql`select tk.contact_id from tickets tk where tk.id in (select c.ticket_id from ticket_cycles c where ${where})`;

/**
 * Adds (sign 1) or takes out (-1) the contribution of the cycles matching `where` (alias c), as
 * they are now: call with -1 before changing them and 1 after.
 */
export async function rollupCycles(db: DbOrTx, sign: 1 | -1, where: SQL): Promise<void> {
  const inTransaction = (await gathering(db)) !== undefined;
  // First: their people's tags are read below (and their leads under a filter).
  await lockContacts(db, inTransaction, peopleOfCycles(where));
  await add(db, cycleRows(sign, where), null);
  await gatherTicketCycles(db, companyZone(), inTransaction, cycleRows(sign, where, null));
  await leadsMoveCycles(db, companyZone(), inTransaction, sign, where);
}

/** Same for ratings matching `where` (alias r, with its cycle c). */
export async function rollupRatings(db: DbOrTx, sign: 1 | -1, where: SQL): Promise<void> {
  const inTransaction = (await gathering(db)) !== undefined;
  await lockContacts(
    db,
    inTransaction,
    sql`select tk.contact_id from tickets tk where tk.id in (select r.ticket_id from ratings r join ticket_cycles c on c.id = r.cycle_id where ${where})`,
  );
  await add(db, null, ratingRows(sign, where));
}

const contactRows = (sign: 1 | -1, where: SQL, tags: TagsOf = everyTag) =>
  sql`select ${sign}::int as sign, ct.created_at, ct.is_group, g.tag_id
      from contacts ct cross join lateral (${tags(sql`ct.id`)}) g(tag_id) where ${where}`;

/**
 * Same for contacts matching `where` (alias ct): 1 after they are added, -1 before they are
 * deleted. Leads are counted per day under no attendant and no sector: the unfiltered count (with
 * a filter they depend on the person's cycles: store/dashboard-leads.ts). A contact being added
 * is nobody else's yet; one being deleted is locked first, against a change of its tags.
 */
export async function rollupContacts(db: DbOrTx, sign: 1 | -1, where: SQL): Promise<void> {
  if (sign === -1) await lockContacts(db, (await gathering(db)) !== undefined, sql`select ct.id from contacts ct where ${where}`);
  await add(db, null, null, contactRows(sign, where));
}

/** rollupContacts for contacts by id (none: nothing). */
export async function rollupContactIds(db: DbOrTx, sign: 1 | -1, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await rollupContacts(
    db,
    sign,
    sql`ct.id in (${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )})`,
  );
}

/** Before tickets are deleted: their cycles and ratings leave the figures. */
export async function rollupForgetTickets(db: DbOrTx, ticketIds: SQL): Promise<void> {
  await lockContacts(db, (await gathering(db)) !== undefined, sql`select tk.contact_id from tickets tk where tk.id in (${ticketIds})`);
  const inTransaction = await add(
    db,
    cycleRows(-1, sql`c.ticket_id in (${ticketIds})`),
    ratingRows(-1, sql`r.ticket_id in (${ticketIds})`),
  );
  await forgetTicketFigures(db, companyZone(), inTransaction, ticketIds);
  await leadsMoveCycles(db, companyZone(), inTransaction, -1, sql`c.ticket_id in (${ticketIds})`);
}

/**
 * Tickets about to change person (a merge): the people `people` (a query of contact ids) leave
 * the leads under a filter before (-1) and come back after (1), with the cycles they have then.
 */
export async function rollupMovePeople(db: DbOrTx, sign: 1 | -1, people: SQL): Promise<void> {
  const inTransaction = (await gathering(db)) !== undefined;
  await leadsMovePeople(db, companyZone(), inTransaction, sign, people);
}

/**
 * The contacts `people` (a query of contact ids) gain (1, after) or lose (-1, before) the tags
 * `tagIds`: their whole contribution — their tickets' cycles and ratings, their distinct tickets,
 * their leads — moves in or out of those tags' figures, as it is now. The contacts are locked
 * first: a writer of their cycles either finished (and is read here) or waits and then reads the
 * new tags. What this transaction moved of their tickets is settled first, under the tags before.
 */
export async function rollupContactTags(db: DbOrTx, sign: 1 | -1, people: SQL, tagIds: number[]): Promise<void> {
  if (!tagIds.length) return;
  const inTransaction = (await gathering(db)) !== undefined;
  await lockContacts(db, inTransaction, people);
  const tags = theseTags(tagIds);
  const theirTickets = sql`select tk.id from tickets tk where tk.contact_id in (${people})`;
  await add(
    db,
    cycleRows(sign, sql`c.ticket_id in (${theirTickets})`, tags),
    ratingRows(sign, sql`r.ticket_id in (${theirTickets})`, tags),
    contactRows(sign, sql`ct.id in (${people})`, tags),
  );
  await tagTicketFigures(db, companyZone(), inTransaction, sign, theirTickets, tags);
  await leadsMoveTags(db, companyZone(), inTransaction, sign, people, tags);
}

/**
 * A tag about to be deleted (its contacts lose it by the cascade): its rows go. Its contacts are
 * locked first, so a writer that read the tag has written its rows before they are deleted, and
 * one after reads the contacts without it. `tagId` undefined: every tag.
 */
export async function rollupDropTags(db: DbOrTx, tagId?: number): Promise<void> {
  const which = tagId === undefined ? sql`tag_id <> 0` : sql`tag_id = ${tagId}`;
  const inTransaction = (await gathering(db)) !== undefined;
  await lockContacts(db, inTransaction, sql`select ctg.contact_id from contact_tags ctg where ${which}`);
  for (const table of ['dashboard_rollups', 'dashboard_attendant_tickets', 'dashboard_day_tickets', 'dashboard_leads'])
    await db.execute(sql`delete from ${sql.raw(table)} where ${which}`);
}

/**
 * An attendant or sector deleted: its cycles and ratings become "nobody's" / "no sector" (the
 * foreign keys set them null), so its rows are folded into those keys.
 */
export async function rollupFoldInto(db: DbOrTx, column: 'user_id' | 'queue_id', id: number): Promise<void> {
  const col = sql.raw(column);
  const key = column === 'user_id' ? sql`tag_id, day, 0, queue_id` : sql`tag_id, day, user_id, 0`;
  const sums = sql.raw(FIGURES.map((f) => `sum(${f})`).join(', '));
  await db.execute(sql`
    with moved as (delete from dashboard_rollups where ${col} = ${id} returning *)
    insert into dashboard_rollups (${ROLLUPS.columns})
    select ${key}, ${sums} from moved group by 1, 2, 3, 4 order by 1, 2, 3, 4
    ${ROLLUPS.onConflictAdd}`);
  await dropTicketFigures(db, companyZone(), column, id);
  await dropLeads(db, column, id);
}

/**
 * Recomputes every row from the raw tables in the zone `timeZone` (default: the stored setting).
 * The table lock waits for the writers in progress and holds new ones until this commits, so no
 * delta is lost or counted twice; run it in its own transaction (or the zone change's).
 */
export async function rebuildDashboardRollups(db: DbOrTx, timeZone?: string): Promise<void> {
  const zone = timeZone === undefined ? companyZone() : sql`${timeZone}::text`;
  await db.execute(sql`lock table dashboard_rollups in exclusive mode`);
  await db.execute(sql`delete from dashboard_rollups`);
  await db.execute(sql`
    insert into dashboard_rollups (${ROLLUPS.columns})
    ${contributions(zone, cycleRows(1, sql`true`), ratingRows(1, sql`true`), contactRows(1, sql`true`))}`);
  // The distinct-ticket figures (store/dashboard-tickets.ts): their writers hold the lock above too.
  await rebuildTicketFigures(db, zone);
  await rebuildLeads(db, zone);
}
