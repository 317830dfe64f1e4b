/**
 * Dashboard (spec §3 "Dashboard result", BEHAVIOUR "Dashboard"): computed in SQL from the recorded
 * service cycles and ratings, with day boundaries in the configured time zone.
 *
 * What each number counts, for a range [from 00:00, to+1 00:00) in the time zone:
 * - supportPending / supportHappening: cycles queued in the range that are still waiting for an
 *   attendant / being served (together: the pending and open tickets that arrived in the range).
 * - supportFinished: cycles that ended in the range by being resolved, finished, closed for
 *   inactivity or closed by the API (a transfer or a return hands the ticket on; it is not an end).
 * - leads: contacts first seen in the range (groups excluded).
 * - avgSupportTime: started → finished of the cycles that ended in the range (handoffs included:
 *   that time was spent serving), in exact minutes.
 * - avgWaitTime: queued → started of the cycles queued in the range that an attendant took; a
 *   cycle an attendant began themselves (new ticket, reopen, direct transfer) never waited and is
 *   left out.
 * - NPS over the ratings given in the range: promoters 9–10, passives 7–8, detractors 0–6.
 * - attendants: every attendant (only the caller, for a non-admin), with their ratings, average
 *   support time and number of distinct tickets among their cycles in the range.
 * Filters: userId (the cycle's / rating's attendant), queueId (the cycle's sector), tag (the
 * ticket's contact has it). Admins see everything; an attendant sees only their own numbers.
 */
import { isAdmin } from '@switchboard/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { rowsOf } from '../../lib/sql.js';
import type { CurrentUser } from '../users/repository.js';
import type { DashboardAttendant, DashboardCounters, DashboardQuery, DashboardResponse } from './schema.js';

/** Longest chart when no range was asked for (only user/sector/tag filters). */
const OPEN_RANGE_CHART_DAYS = 366;
const ENDING_OUTCOMES = sql`('resolved', 'finished', 'inactive', 'api')`;

const num = (v: unknown): number => (v == null ? 0 : Number(v));
const round2 = (v: number): number => Math.round(v * 100) / 100;

/** The calendar date (yyyy-MM-dd) of an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface Scope {
  from: string | null;
  to: string;
  tz: string;
  /** UTC instants of the range's ends (lo null: open range). */
  lo: string | null;
  hi: string;
  userId?: number;
  queueId?: number;
  tag?: number;
}

export class DashboardService {
  constructor(private readonly ctx: AppContext) {}

  async show(actor: CurrentUser, query: DashboardQuery): Promise<DashboardResponse> {
    let userId = query.userId;
    if (!isAdmin(actor)) {
      if (userId !== undefined && userId !== actor.id) throw new AppError('ERR_NO_PERMISSION', 403);
      userId = actor.id;
    }
    const tz = this.ctx.settings.timeZone();
    const today = localDate(this.ctx.clock.now(), tz);
    let from: string | null = null;
    let to = today;
    if (query.days !== undefined) from = addDays(today, -(query.days - 1));
    else if (query.date_from && query.date_to) [from, to] = [query.date_from, query.date_to];
    const scope: Scope = { from, to, tz, ...(await this.instants(from, to, tz)), userId, queueId: query.queueId, tag: query.tag };

    // Sequential on purpose: PGlite has one connection, and on PostgreSQL each is a few ms.
    const counters = await this.counters(scope);
    const attendants = await this.attendants(scope, isAdmin(actor) ? undefined : actor.id);
    const ticketsPerDay = await this.ticketsPerDay(scope);
    return {
      counters: JSON.stringify(counters),
      attendants: JSON.stringify(attendants),
      ticketsPerDay,
      range: { from, to, timeZone: tz },
    };
  }

  /** Start and end instants of the range (end exclusive), bound as constants. */
  private bounds(s: Scope): { lo: SQL; hi: SQL } {
    return {
      lo: s.lo === null ? sql`'-infinity'::timestamptz` : sql`${s.lo}::timestamptz`,
      hi: sql`${s.hi}::timestamptz`,
    };
  }

  /**
   * The instants where the range's first day starts and the day after its last starts, in the
   * time zone (PostgreSQL knows the zone rules); resolved once so every statement compares plain
   * timestamps and the planner sees real bounds.
   */
  private async instants(from: string | null, to: string, tz: string): Promise<{ lo: string | null; hi: string }> {
    const [row] = rowsOf(
      await this.ctx.db.execute(sql`
        select to_char(((${from ?? to}::date)::timestamp at time zone ${tz}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lo,
               to_char(((${to}::date + 1)::timestamp at time zone ${tz}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as hi`),
    );
    return { lo: from === null ? null : String(row.lo), hi: String(row.hi) };
  }

  /** Conditions on a cycle `c` of a ticket whose contact id is `contactId`. */
  private cycleFilters(s: Scope, contactId: SQL): SQL {
    const parts: SQL[] = [sql`true`];
    if (s.userId !== undefined) parts.push(sql`c.user_id = ${s.userId}`);
    if (s.queueId !== undefined) parts.push(sql`c.queue_id = ${s.queueId}`);
    if (s.tag !== undefined) {
      parts.push(sql`exists (select 1 from contact_tags ctg where ctg.contact_id = ${contactId} and ctg.tag_id = ${s.tag})`);
    }
    return sql.join(parts, sql` and `);
  }

  /** Cycles queued or finished in the range that pass the filters (the base of most numbers). */
  private cyclesInRange(s: Scope): SQL {
    const { lo, hi } = this.bounds(s);
    const join = s.tag !== undefined ? sql`join tickets t on t.id = c.ticket_id` : sql``;
    return sql`
      select c.* from ticket_cycles c ${join}
      where ((c.queued_at >= ${lo} and c.queued_at < ${hi}) or (c.finished_at >= ${lo} and c.finished_at < ${hi}))
        and ${this.cycleFilters(s, sql`t.contact_id`)}`;
  }

  private async counters(s: Scope): Promise<DashboardCounters> {
    const { lo, hi } = this.bounds(s);
    const queuedIn = sql`c.queued_at >= ${lo} and c.queued_at < ${hi}`;
    const finishedIn = sql`c.finished_at >= ${lo} and c.finished_at < ${hi}`;
    const [cycles] = rowsOf(
      await this.ctx.db.execute(sql`
        select
          count(*) filter (where ${queuedIn} and c.started_at is null and c.finished_at is null)::int as pending,
          count(*) filter (where ${queuedIn} and c.started_at is not null and c.finished_at is null)::int as happening,
          count(*) filter (where ${finishedIn} and c.outcome in ${ENDING_OUTCOMES})::int as finished,
          (avg(extract(epoch from c.finished_at - c.started_at)) filter (where ${finishedIn} and c.started_at is not null) / 60)::float8 as avg_support,
          (avg(extract(epoch from c.started_at - c.queued_at)) filter (where ${queuedIn} and c.started_at > c.queued_at) / 60)::float8 as avg_wait
        from (${this.cyclesInRange(s)}) c`),
    );

    const leadFilters: SQL[] = [sql`true`];
    if (s.userId !== undefined || s.queueId !== undefined) {
      leadFilters.push(sql`exists (
        select 1 from tickets t join ticket_cycles c on c.ticket_id = t.id
        where t.contact_id = ct.id and ${this.cycleFilters({ ...s, tag: undefined }, sql`t.contact_id`)})`);
    }
    if (s.tag !== undefined) leadFilters.push(sql`exists (select 1 from contact_tags ctg where ctg.contact_id = ct.id and ctg.tag_id = ${s.tag})`);
    const [leads] = rowsOf(
      await this.ctx.db.execute(sql`
        select count(*)::int as leads from contacts ct
        where ct.created_at >= ${lo} and ct.created_at < ${hi} and not ct.is_group and ${sql.join(leadFilters, sql` and `)}`),
    );

    const [nps] = rowsOf(
      await this.ctx.db.execute(sql`
        select count(*)::int as total,
          count(*) filter (where r.rate >= 9)::int as promoters,
          count(*) filter (where r.rate between 7 and 8)::int as passives,
          count(*) filter (where r.rate <= 6)::int as detractors
        from (${this.ratingsInRange(s)}) r`),
    );
    const total = num(nps?.total);
    const share = (n: unknown) => (total ? (num(n) / total) * 100 : 0);
    return {
      supportPending: num(cycles?.pending),
      supportHappening: num(cycles?.happening),
      supportFinished: num(cycles?.finished),
      leads: num(leads?.leads),
      avgSupportTime: round2(num(cycles?.avg_support)),
      avgWaitTime: round2(num(cycles?.avg_wait)),
      npsPromotersPerc: round2(share(nps?.promoters)),
      npsPassivePerc: round2(share(nps?.passives)),
      npsDetractorsPerc: round2(share(nps?.detractors)),
      npsScore: round2(share(nps?.promoters) - share(nps?.detractors)),
      npsCount: total,
    };
  }

  /** Ratings given in the range that pass the filters (sector: the rated cycle's, else the ticket's). */
  private ratingsInRange(s: Scope): SQL {
    const { lo, hi } = this.bounds(s);
    const parts: SQL[] = [sql`r.created_at >= ${lo}`, sql`r.created_at < ${hi}`];
    if (s.userId !== undefined) parts.push(sql`r.user_id = ${s.userId}`);
    if (s.queueId !== undefined) parts.push(sql`coalesce(c.queue_id, t.queue_id) = ${s.queueId}`);
    if (s.tag !== undefined) parts.push(sql`exists (select 1 from contact_tags ctg where ctg.contact_id = t.contact_id and ctg.tag_id = ${s.tag})`);
    const joins: SQL[] = [];
    if (s.queueId !== undefined || s.tag !== undefined) joins.push(sql`join tickets t on t.id = r.ticket_id`);
    if (s.queueId !== undefined) joins.push(sql`left join ticket_cycles c on c.id = r.cycle_id`);
    return sql`
      select r.rate, r.user_id from ratings r ${sql.join(joins, sql` `)}
      where ${sql.join(parts, sql` and `)}`;
  }

  private async attendants(s: Scope, onlyUserId: number | undefined): Promise<DashboardAttendant[]> {
    const { lo, hi } = this.bounds(s);
    const who: SQL[] = [sql`true`];
    const only = onlyUserId ?? s.userId;
    if (only !== undefined) who.push(sql`u.id = ${only}`);
    if (s.queueId !== undefined) {
      who.push(sql`(exists (select 1 from user_queues uq where uq.user_id = u.id and uq.queue_id = ${s.queueId}) or cyc.user_id is not null)`);
    }
    const rows = rowsOf(
      await this.ctx.db.execute(sql`
        with cyc as (
          select c.user_id,
            count(distinct c.ticket_id)::int as tickets,
            (avg(extract(epoch from c.finished_at - c.started_at))
              filter (where c.finished_at >= ${lo} and c.finished_at < ${hi} and c.started_at is not null) / 60)::float8 as avg_support
          from (${this.cyclesInRange(s)}) c
          where c.user_id is not null
          group by c.user_id
        ), rat as (
          select r.user_id, avg(r.rate)::float8 as rating, count(*)::int as n
          from (${this.ratingsInRange(s)}) r
          where r.user_id is not null
          group by r.user_id
        )
        select u.id, u.name, rat.rating, coalesce(rat.n, 0) as n, coalesce(cyc.avg_support, 0) as avg_support,
          coalesce(cyc.tickets, 0) as tickets
        from users u
        left join cyc on cyc.user_id = u.id
        left join rat on rat.user_id = u.id
        where ${sql.join(who, sql` and `)}
        order by lower(u.name), u.id`),
    );
    const online = await this.ctx.realtime.onlineUserIds();
    return rows.map((r) => ({
      id: num(r.id),
      name: String(r.name),
      rating: r.rating == null ? null : round2(num(r.rating)),
      countRating: num(r.n),
      avgSupportTime: round2(num(r.avg_support)),
      tickets: num(r.tickets),
      online: online.has(num(r.id)),
    }));
  }

  /** Distinct tickets with a cycle queued on each day of the range, days without any included. */
  private async ticketsPerDay(s: Scope): Promise<{ date: string; count: number }[]> {
    let from = s.from;
    if (from === null) {
      const [first] = rowsOf(
        await this.ctx.db.execute(sql`
          select to_char(min(c.queued_at at time zone ${s.tz}), 'YYYY-MM-DD') as day
          from (${this.cyclesInRange(s)}) c`),
      );
      const earliest = addDays(s.to, -(OPEN_RANGE_CHART_DAYS - 1));
      from = first?.day ? String(first.day) : s.to;
      if (from < earliest) from = earliest;
      if (from > s.to) from = s.to;
    }
    const { lo, hi } = this.bounds(s.from === from ? s : { ...s, ...(await this.instants(from, s.to, s.tz)) });
    const join = s.tag !== undefined ? sql`join tickets t on t.id = c.ticket_id` : sql``;
    const rows = rowsOf(
      await this.ctx.db.execute(sql`
        with per_day as (
          select (c.queued_at at time zone ${s.tz})::date as day, count(distinct c.ticket_id)::int as n
          from ticket_cycles c ${join}
          where c.queued_at >= ${lo} and c.queued_at < ${hi} and ${this.cycleFilters(s, sql`t.contact_id`)}
          group by 1
        )
        select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(per_day.n, 0) as count
        from (select generate_series(${from}::date, ${s.to}::date, interval '1 day')::date as day) d
        left join per_day on per_day.day = d.day
        order by d.day`),
    );
    return rows.map((r) => ({ date: String(r.date), count: num(r.count) }));
  }
}
