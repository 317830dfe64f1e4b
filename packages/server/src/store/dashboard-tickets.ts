/**
 * The dashboard's distinct-ticket figures, kept beside the rollups (tables
 * `dashboard_attendant_tickets` and `dashboard_day_tickets`, docs/decisions.md "Distinct tickets
 * and leads without reading the cycles"):
 * - per attendant over a range: the days each (attendant, ticket) pair was active — a cycle of
 *   theirs queued or ended that day — each counted with the pair's previous active day, so the
 *   pairs of [from, to] are the rows with a day there and a previous day before `from`: one per
 *   pair, however many days it was active;
 * - per day for one attendant, one sector or both: tickets with a cycle queued that day.
 * Sector (or attendant) 0 stands for any; nobody's and no sector's cycles are left out, so the
 * deletion of an attendant or a sector only drops its rows.
 *
 * Neither adds up over cycles (a ticket's second cycle of a day changes nothing), so they are kept
 * per ticket: a transaction gathers, per ticket, the days its cycles moved (the same -1 before /
 * 1 after as the rollups); just before it commits, each ticket's days now are read from its cycles,
 * the days before are those minus what moved, and the figures of the two differ by what is written.
 * A ticket's few cycles are read, never a range's.
 *
 * Every row is kept under tag 0 and under each tag of the ticket's contact (column tag_id,
 * store/dashboard-tags.ts): the tags are read with the ticket's lock at commit, and a change of the
 * contact's tags moves its tickets' rows under the tags gained or lost (`tagTicketFigures`).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rowsOf } from '../lib/sql.js';
import { everyTag, type TagsOf } from './dashboard-tags.js';
import { beforeWriting, gatheredIn, KeptDeltas, keptTable } from './kept-deltas.js';

/** prev_day of a pair's first active day. */
const NONE = '-infinity';

/** Counts per key: of a ticket's cycle days ("s|user|sector|day" served, "q|user|sector|day" queued), or of its figure rows. */
type Counts = Map<string, number>;

const ATTENDANT_TICKETS = keptTable(
  'dashboard_attendant_tickets',
  { tag_id: 'int', queue_id: 'int', day: 'date', user_id: 'int', prev_day: 'date' },
  { tickets: 'int' },
);
const DAY_TICKETS = keptTable('dashboard_day_tickets', { tag_id: 'int', user_id: 'int', queue_id: 'int', day: 'date' }, { tickets: 'int' });

interface Pending {
  /** Per ticket, the cycle days that moved since the transaction began (or since last settled). */
  moved: Map<number, Counts>;
  /** Figure rows to add to each table. */
  attendant: KeptDeltas;
  day: KeptDeltas;
}

const pending = new WeakMap<object, Pending>();
const SETTLE = Symbol('dashboard ticket figures');

/**
 * The transaction's moves, settled as it commits: before any figure is written, so that it waits
 * for any other writer of the same tickets (settle locks them) before it locks any figure.
 */
function pendingOf(tx: DbOrTx, zone: SQL): Pending {
  let p = pending.get(tx);
  if (!p) {
    const attendant = gatheredIn(tx, ATTENDANT_TICKETS);
    const day = gatheredIn(tx, DAY_TICKETS);
    if (!attendant || !day) throw new Error('the ticket figures are gathered in a transaction only');
    const gathered: Pending = { moved: new Map(), attendant, day };
    beforeWriting(tx, SETTLE, async () => {
      pending.delete(tx);
      await settle(tx, zone, gathered, true, true);
    });
    pending.set(tx, (p = gathered));
  }
  return p;
}

/** Outside a transaction: moves settled and written at once. */
const atOnce = (): Pending => ({ moved: new Map(), attendant: new KeptDeltas(ATTENDANT_TICKETS), day: new KeptDeltas(DAY_TICKETS) });

/** Writes the figure rows at once, in the tables' order at a commit (store/kept-deltas.ts). */
async function write(db: DbOrTx, p: Pending): Promise<void> {
  await p.attendant.write(db);
  await p.day.write(db);
}

/** Adds `n` × a figure row of a ticket ("a|sector|day|user|prev_day" or "d|user|sector|day") under the tag `tag`. */
function addFigure(p: Pending, tag: number, key: string, n: number): void {
  const [kind, ...k] = key.split('|');
  if (kind === 'a') p.attendant.add({ tag_id: tag, queue_id: k[0], day: k[1], user_id: k[2], prev_day: k[3], tickets: n });
  else p.day.add({ tag_id: tag, user_id: k[0], queue_id: k[1], day: k[2], tickets: n });
}

const bump = (m: Counts, key: string, n: number) => m.set(key, (m.get(key) ?? 0) + n);

interface CycleDays {
  user_id: unknown;
  queue_id: unknown;
  queued: unknown;
  finished: unknown;
}

/** The days a cycle counts under: served by its attendant (in its sector and in any), queued for each filter. */
function cycleDays(c: CycleDays): string[] {
  const user = c.user_id == null ? null : Number(c.user_id);
  const queue = c.queue_id == null ? null : Number(c.queue_id);
  const queued = String(c.queued);
  const days = typeof c.finished === 'string' ? [queued, c.finished] : [queued];
  const out: string[] = [];
  if (user !== null) for (const q of queue === null ? [0] : [0, queue]) for (const d of days) out.push(`s|${user}|${q}|${d}`);
  if (user !== null) out.push(`q|${user}|0|${queued}`);
  if (queue !== null) out.push(`q|0|${queue}|${queued}`);
  if (user !== null && queue !== null) out.push(`q|${user}|${queue}|${queued}`);
  return out;
}

/**
 * A ticket's figure rows from its cycle days: one per active day of each pair, one per queued day
 * of each filter ("a|sector|day|user|prev_day", "d|user|sector|day"; the tag is put in front by the caller).
 */
function figuresOf(days: Counts): Counts {
  const out: Counts = new Map();
  const served = new Map<string, string[]>();
  for (const [key, n] of days) {
    if (n <= 0) continue;
    const [kind, user, queue, day] = key.split('|');
    if (kind === 'q') out.set(`d|${user}|${queue}|${day}`, 1);
    else {
      const pair = `${queue}|${user}`;
      served.set(pair, [...(served.get(pair) ?? []), day]);
    }
  }
  for (const [pair, list] of served) {
    const [queue, user] = pair.split('|');
    let prev = NONE;
    for (const day of list.sort()) {
      out.set(`a|${queue}|${day}|${user}|${prev}`, 1);
      prev = day;
    }
  }
  return out;
}

/** Cycles as (sign, ticket_id, user_id, queue_id, queued, finished) with local dates as text. */
const daysOf = (zone: SQL, cycles: SQL) => sql`
  select c.sign, c.ticket_id, c.user_id, c.queue_id,
    to_char((c.queued_at at time zone z.tz)::date, 'YYYY-MM-DD') as queued,
    to_char((c.finished_at at time zone z.tz)::date, 'YYYY-MM-DD') as finished
  from (${cycles}) c, (select ${zone} as tz) z`;

/**
 * Turns what moved into figure rows. `applied`: the cycles are as the moves left them (the days
 * before are now minus the moves); otherwise they are still as before (the days after are now plus them).
 */
async function settle(db: DbOrTx, zone: SQL, p: Pending, applied: boolean, inTransaction: boolean): Promise<void> {
  const ids = [...p.moved.keys()].sort((a, b) => a - b);
  if (!ids.length) return;
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  // A ticket's figures are not the sum of its cycles': two transactions changing the same ticket
  // must see each other's cycles, so the second waits for the first here and then reads them. The
  // tags its rows are kept under come with it (its contact is locked since its cycles moved).
  const tagsOf = new Map<number, number[]>();
  for (const r of rowsOf(
    await db.execute(sql`
      select t.id, array(${everyTag(sql`t.contact_id`)}) as tags from tickets t where t.id in (${list})
      ${inTransaction ? sql`order by t.id for no key update` : sql``}`),
  ))
    tagsOf.set(Number(r.id), (r.tags as unknown[]).map(Number));
  const now = new Map<number, Counts>();
  const rows = rowsOf(
    await db.execute(
      daysOf(
        zone,
        sql`select 1 as sign, c.ticket_id, c.user_id, c.queue_id, c.queued_at, c.finished_at from ticket_cycles c where c.ticket_id in (${list})`,
      ),
    ),
  );
  for (const r of rows) {
    const id = Number(r.ticket_id);
    const days = now.get(id) ?? new Map<string, number>();
    for (const key of cycleDays(r as unknown as CycleDays)) bump(days, key, 1);
    now.set(id, days);
  }
  for (const id of ids) {
    const current = now.get(id) ?? new Map<string, number>();
    const other = new Map(current);
    for (const [key, n] of p.moved.get(id) ?? []) bump(other, key, applied ? -n : n);
    const [before, after] = applied ? [other, current] : [current, other];
    const change: Counts = new Map();
    for (const [key, n] of figuresOf(after)) bump(change, key, n);
    for (const [key, n] of figuresOf(before)) bump(change, key, -n);
    // A ticket deleted meanwhile has no tags left to read: its rows went set-based (forgetTicketFigures).
    for (const tag of tagsOf.get(id) ?? [0]) for (const [key, n] of change) if (n !== 0) addFigure(p, tag, key, n);
  }
  p.moved.clear();
}

/**
 * The cycles `cycles` (sign, ticket_id, user_id, queue_id, queued_at, finished_at; one sign) move:
 * gathered in a transaction, written at once otherwise.
 */
export async function gatherTicketCycles(db: DbOrTx, zone: SQL, inTransaction: boolean, cycles: SQL): Promise<void> {
  const p = inTransaction ? pendingOf(db, zone) : atOnce();
  let sign = 1;
  for (const r of rowsOf(await db.execute(daysOf(zone, cycles)))) {
    const id = Number(r.ticket_id);
    sign = Number(r.sign);
    const days = p.moved.get(id) ?? new Map<string, number>();
    for (const key of cycleDays(r as unknown as CycleDays)) bump(days, key, sign);
    p.moved.set(id, days);
  }
  if (inTransaction) return;
  // At once: cycles added are in the table already, cycles taken out still are.
  await settle(db, zone, p, sign === 1, false);
  await write(db, p);
}

/**
 * The figure rows of the tickets whose cycles match `where` (alias c), under the tags `tags` of
 * their contacts, as (figure 'a' | 'd', tag_id, queue_id, day, user_id, prev_day, tickets) with
 * dates as text — set-based, for a recount, a bulk deletion or a change of tags.
 */
function figuresOfTickets(zone: SQL, where: SQL, tags: TagsOf = everyTag): SQL {
  return sql`
    with z as (select ${zone} as tz),
    c as (
      select g.tag_id, c.ticket_id, c.user_id, c.queue_id,
        (c.queued_at at time zone z.tz)::date as queued, (c.finished_at at time zone z.tz)::date as finished
      from ticket_cycles c join tickets tk on tk.id = c.ticket_id cross join lateral (${tags(sql`tk.contact_id`)}) g(tag_id), z
      where ${where}
    ),
    served as (
      select distinct c.tag_id, c.user_id, k.queue_id, c.ticket_id, d.day
      from c cross join lateral (values (0), (c.queue_id)) k(queue_id)
        cross join lateral (values (c.queued), (c.finished)) d(day)
      where c.user_id is not null and k.queue_id is not null and d.day is not null
    ),
    spans as (
      select s.tag_id, s.queue_id, s.day, s.user_id,
        lag(s.day) over (partition by s.tag_id, s.user_id, s.queue_id, s.ticket_id order by s.day) as prev_day
      from served s
    )
    select 'a' as figure, s.tag_id, s.queue_id, to_char(s.day, 'YYYY-MM-DD') as day, s.user_id,
      coalesce(to_char(s.prev_day, 'YYYY-MM-DD'), ${NONE}) as prev_day, count(*)::int as tickets
    from spans s group by s.tag_id, s.queue_id, s.day, s.user_id, s.prev_day
    union all
    select 'd', c.tag_id, k.queue_id, to_char(c.queued, 'YYYY-MM-DD'), k.user_id, null, count(distinct c.ticket_id)::int
    from c cross join lateral (values (c.user_id, 0), (0, c.queue_id), (c.user_id, c.queue_id)) k(user_id, queue_id)
    where k.user_id is not null and k.queue_id is not null
    group by c.tag_id, k.queue_id, c.queued, k.user_id`;
}

/** Adds `sign` × the figure rows `rows` (of figuresOfTickets) to the figures to write. */
async function bumpFigures(db: DbOrTx, p: Pending, sign: 1 | -1, rows: SQL): Promise<void> {
  for (const r of rowsOf(await db.execute(rows))) (r.figure === 'a' ? p.attendant : p.day).add(r, sign);
}

/** Before tickets are deleted: their figures go (what moved of theirs first). */
export async function forgetTicketFigures(db: DbOrTx, zone: SQL, inTransaction: boolean, ticketIds: SQL): Promise<void> {
  const p = inTransaction ? pendingOf(db, zone) : atOnce();
  await settle(db, zone, p, true, inTransaction);
  await bumpFigures(db, p, -1, figuresOfTickets(zone, sql`c.ticket_id in (${ticketIds})`));
  if (!inTransaction) await write(db, p);
}

/**
 * The tickets `ticketIds` (a query) gain (1) or lose (-1) the tags `tags`: their rows move under
 * those tags, as they are now (what moved of theirs in this transaction settled first, under the
 * tags before).
 */
export async function tagTicketFigures(
  db: DbOrTx,
  zone: SQL,
  inTransaction: boolean,
  sign: 1 | -1,
  ticketIds: SQL,
  tags: TagsOf,
): Promise<void> {
  const p = inTransaction ? pendingOf(db, zone) : atOnce();
  await settle(db, zone, p, true, inTransaction);
  await bumpFigures(db, p, sign, figuresOfTickets(zone, sql`c.ticket_id in (${ticketIds})`, tags));
  if (!inTransaction) await write(db, p);
}

/** An attendant or sector deleted: its cycles are nobody's / of no sector, which these figures leave out. */
export async function dropTicketFigures(db: DbOrTx, zone: SQL, column: 'user_id' | 'queue_id', id: number): Promise<void> {
  const p = pending.get(db);
  if (p) {
    await settle(db, zone, p, true, true);
    p.attendant.forget(column, id);
    p.day.forget(column, id);
  }
  const col = sql.raw(column);
  await db.execute(sql`delete from dashboard_attendant_tickets where ${col} = ${id}`);
  await db.execute(sql`delete from dashboard_day_tickets where ${col} = ${id}`);
}

/** Recounts both tables from the cycles (under the rollups' table lock, see rebuildDashboardRollups). */
export async function rebuildTicketFigures(db: DbOrTx, zone: SQL): Promise<void> {
  await db.execute(sql`delete from dashboard_attendant_tickets`);
  await db.execute(sql`delete from dashboard_day_tickets`);
  const all = figuresOfTickets(zone, sql`true`);
  await db.execute(sql`
    with f as materialized (${all})
    , a as (
      insert into dashboard_attendant_tickets (tag_id, queue_id, day, user_id, prev_day, tickets)
      select f.tag_id, f.queue_id, f.day::date, f.user_id, f.prev_day::date, f.tickets from f where f.figure = 'a'
    )
    insert into dashboard_day_tickets (tag_id, user_id, queue_id, day, tickets)
    select f.tag_id, f.user_id, f.queue_id, f.day::date, f.tickets from f where f.figure = 'd'`);
}
