/**
 * Dashboard (spec §3 "Dashboard result", BEHAVIOUR "Dashboard") computed from the raw rows: the
 * recorded service cycles and ratings, with day boundaries in the configured time zone. The
 * dashboard (service.ts) reads the kept figures instead, with or without a tag, and keeps these
 * reads for the rest; this whole computation stays as the reference the kept figures are tested
 * against.
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
import { allowed } from '@switchboard/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { authorize } from '../../access/authorize.js';
import { rowsOf } from '../../lib/sql.js';
import type { CurrentUser } from '../../store/users.js';
import { ENDING_OUTCOMES } from '../../store/dashboard-rollups.js';
import type { DashboardAttendant, DashboardCounters, DashboardQuery, DashboardResponse } from './schema.js';

/** Longest chart when no range was asked for (only user/sector/tag filters). */
const OPEN_RANGE_CHART_DAYS = 366;

export const num = (v: unknown): number => (v == null ? 0 : Number(v));
export const round2 = (v: number): number => Math.round(v * 100) / 100;

/** The calendar date (yyyy-MM-dd) of an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface Scope {
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

export class RawDashboard {
  constructor(protected readonly ctx: AppContext) {}

  async show(actor: CurrentUser, query: DashboardQuery): Promise<DashboardResponse> {
    let userId = query.userId;
    authorize(actor, 'dashboard.read', { userId });
    if (!allowed(actor, 'dashboard.everyone')) userId = actor.id;
    const tz = this.ctx.settings.timeZone();
    const today = localDate(this.ctx.clock.now(), tz);
    let from: string | null = null;
    let to = today;
    if (query.days !== undefined) from = addDays(today, -(query.days - 1));
    else if (query.date_from && query.date_to) [from, to] = [query.date_from, query.date_to];
    const scope: Scope = { from, to, tz, ...(await this.instants(from, to, tz)), userId, queueId: query.queueId, tag: query.tag };

    // Sequential on purpose: PGlite has one connection, and on PostgreSQL each is a few ms.
    const cycles = await this.cycleStats(scope);
    const rated = await this.ratingStats(scope);
    const leads = await this.leads(scope);
    const campaignReplies = await this.campaignReplies(scope);
    const attendants = await this.attendants(
      scope,
      allowed(actor, 'dashboard.everyone') ? undefined : actor.id,
      cycles.byUser,
      rated.byUser,
    );
    const ticketsPerDay = await this.ticketsPerDay(scope);
    const total = rated.all.n;
    const share = (n: number) => (total ? (n / total) * 100 : 0);
    const counters: DashboardCounters = {
      supportPending: cycles.all.pending,
      supportHappening: cycles.all.happening,
      supportFinished: cycles.all.finished,
      leads,
      campaignReplies,
      avgSupportTime: round2(cycles.all.avgSupport),
      avgWaitTime: round2(cycles.all.avgWait),
      npsPromotersPerc: round2(share(rated.all.promoters)),
      npsPassivePerc: round2(share(rated.all.passives)),
      npsDetractorsPerc: round2(share(rated.all.detractors)),
      npsScore: round2(share(rated.all.promoters) - share(rated.all.detractors)),
      npsCount: total,
    };
    return {
      counters: JSON.stringify(counters),
      attendants: JSON.stringify(attendants),
      ticketsPerDay,
      range: { from, to, timeZone: tz },
    };
  }

  /** Start and end instants of the range (end exclusive), bound as constants. */
  protected bounds(s: Scope): { lo: SQL; hi: SQL } {
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
  protected async instants(from: string | null, to: string, tz: string): Promise<{ lo: string | null; hi: string }> {
    const [row] = rowsOf(
      await this.ctx.db.execute(sql`
        select to_char(((${from ?? to}::date)::timestamp at time zone ${tz}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lo,
               to_char(((${to}::date + 1)::timestamp at time zone ${tz}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as hi`),
    );
    return { lo: from === null ? null : String(row.lo), hi: String(row.hi) };
  }

  /**
   * Conditions on a cycle `c`. The tag becomes a hashed set of the tagged contacts' tickets, so a
   * tag filter never joins every ticket.
   */
  protected cycleFilters(s: Scope): SQL {
    const parts: SQL[] = [sql`true`];
    if (s.userId !== undefined) parts.push(sql`c.user_id = ${s.userId}`);
    if (s.queueId !== undefined) parts.push(sql`c.queue_id = ${s.queueId}`);
    if (s.tag !== undefined) parts.push(sql`c.ticket_id in (${this.taggedTickets(s.tag)})`);
    return sql.join(parts, sql` and `);
  }

  protected taggedTickets(tag: number): SQL {
    return sql`select t.id from tickets t join contact_tags ctg on ctg.contact_id = t.contact_id where ctg.tag_id = ${tag}`;
  }

  /** Cycles queued or finished in the range that pass the filters (the base of most numbers). */
  protected cyclesInRange(s: Scope): SQL {
    const { lo, hi } = this.bounds(s);
    return sql`
      select c.* from ticket_cycles c
      where ((c.queued_at >= ${lo} and c.queued_at < ${hi}) or (c.finished_at >= ${lo} and c.finished_at < ${hi}))
        and ${this.cycleFilters(s)}`;
  }

  /** One pass over the cycles: the totals (grouping ()) and each attendant's (grouping user). */
  protected async cycleStats(s: Scope) {
    const { lo, hi } = this.bounds(s);
    const queuedIn = sql`c.queued_at >= ${lo} and c.queued_at < ${hi}`;
    const finishedIn = sql`c.finished_at >= ${lo} and c.finished_at < ${hi}`;
    const rows = rowsOf(
      // Materialized: the range is read through the date indexes, then grouped (left to itself the
      // planner walks the whole table in user order to avoid a sort of a few thousand rows).
      await this.ctx.db.execute(sql`
        with c as materialized (${this.cyclesInRange(s)})
        select c.user_id, grouping(c.user_id)::int as total_row,
          count(*) filter (where ${queuedIn} and c.started_at is null and c.finished_at is null)::int as pending,
          count(*) filter (where ${queuedIn} and c.started_at is not null and c.finished_at is null)::int as happening,
          count(*) filter (where ${finishedIn} and c.outcome in ${ENDING_OUTCOMES})::int as finished,
          (avg(extract(epoch from c.finished_at - c.started_at)) filter (where ${finishedIn} and c.started_at is not null) / 60)::float8 as avg_support,
          (avg(extract(epoch from c.started_at - c.queued_at)) filter (where ${queuedIn} and c.started_at > c.queued_at) / 60)::float8 as avg_wait,
          count(distinct c.ticket_id)::int as tickets
        from c
        group by grouping sets ((), (c.user_id))`),
    );
    const stats = (r: Record<string, unknown> | undefined) => ({
      pending: num(r?.pending),
      happening: num(r?.happening),
      finished: num(r?.finished),
      avgSupport: num(r?.avg_support),
      avgWait: num(r?.avg_wait),
      tickets: num(r?.tickets),
    });
    const byUser = new Map<number, ReturnType<typeof stats>>();
    for (const r of rows) if (num(r.total_row) === 0 && r.user_id != null) byUser.set(num(r.user_id), stats(r));
    return { all: stats(rows.find((r) => num(r.total_row) === 1)), byUser };
  }

  /** Ratings given in the range that pass the filters (sector: the rated cycle's, else the ticket's). */
  protected ratingsInRange(s: Scope): SQL {
    const { lo, hi } = this.bounds(s);
    const parts: SQL[] = [sql`r.created_at >= ${lo}`, sql`r.created_at < ${hi}`];
    if (s.userId !== undefined) parts.push(sql`r.user_id = ${s.userId}`);
    if (s.queueId !== undefined) {
      parts.push(sql`(r.cycle_id in (select id from ticket_cycles where queue_id = ${s.queueId})
        or (r.cycle_id is null and r.ticket_id in (select id from tickets where queue_id = ${s.queueId})))`);
    }
    if (s.tag !== undefined) parts.push(sql`r.ticket_id in (${this.taggedTickets(s.tag)})`);
    return sql`select r.rate, r.user_id from ratings r where ${sql.join(parts, sql` and `)}`;
  }

  /** One pass over the ratings: NPS shares in total and each attendant's average and count. */
  protected async ratingStats(s: Scope) {
    const rows = rowsOf(
      await this.ctx.db.execute(sql`
        with r as materialized (${this.ratingsInRange(s)})
        select r.user_id, grouping(r.user_id)::int as total_row,
          count(*)::int as n,
          avg(r.rate)::float8 as rating,
          count(*) filter (where r.rate >= 9)::int as promoters,
          count(*) filter (where r.rate between 7 and 8)::int as passives,
          count(*) filter (where r.rate <= 6)::int as detractors
        from r
        group by grouping sets ((), (r.user_id))`),
    );
    const stats = (r: Record<string, unknown> | undefined) => ({
      n: num(r?.n),
      rating: r?.rating == null ? null : num(r.rating),
      promoters: num(r?.promoters),
      passives: num(r?.passives),
      detractors: num(r?.detractors),
    });
    const byUser = new Map<number, ReturnType<typeof stats>>();
    for (const r of rows) if (num(r.total_row) === 0 && r.user_id != null) byUser.set(num(r.user_id), stats(r));
    return { all: stats(rows.find((r) => num(r.total_row) === 1)), byUser };
  }

  /** Contacts first seen in the range (with a user/sector filter: those served there; with a tag: carrying it). */
  protected async leads(s: Scope): Promise<number> {
    const { lo, hi } = this.bounds(s);
    const parts: SQL[] = [sql`ct.created_at >= ${lo}`, sql`ct.created_at < ${hi}`, sql`not ct.is_group`];
    if (s.tag !== undefined) parts.push(sql`ct.id in (select ctg.contact_id from contact_tags ctg where ctg.tag_id = ${s.tag})`);
    if (s.userId === undefined && s.queueId === undefined) {
      const [row] = rowsOf(await this.ctx.db.execute(sql`select count(*)::int as n from contacts ct where ${sql.join(parts, sql` and `)}`));
      return num(row?.n);
    }
    // A lead's service cycles start when it was first seen, so only cycles from the range on count.
    parts.push(sql`c.queued_at >= ${lo}`);
    if (s.userId !== undefined) parts.push(sql`c.user_id = ${s.userId}`);
    if (s.queueId !== undefined) parts.push(sql`c.queue_id = ${s.queueId}`);
    // Joined from the attendant's or sector's cycles (the index led by them), each to its ticket and
    // contact: fewer rows than the contacts of the range (measured at 1M tickets: 180 ms against
    // 366 ms for "contact in (its cycles' contacts)", which hashes them and walks every contact).
    const [row] = rowsOf(
      await this.ctx.db.execute(sql`
        select count(distinct ct.id)::int as n
        from ticket_cycles c join tickets t on t.id = c.ticket_id join contacts ct on ct.id = t.contact_id
        where ${sql.join(parts, sql` and `)}`),
    );
    return num(row?.n);
  }

  /**
   * Campaign recipients who replied within the range: counted apart, since their tickets are
   * answers to a campaign rather than customers who came on their own (they still count in the
   * ticket counters). Filtered like the rest by the reply ticket's attendant and sector and by the
   * contact's tag.
   */
  protected async campaignReplies(s: Scope): Promise<number> {
    const { lo, hi } = this.bounds(s);
    const parts: SQL[] = [sql`r.replied_at >= ${lo}`, sql`r.replied_at < ${hi}`];
    if (s.userId !== undefined) parts.push(sql`t.user_id = ${s.userId}`);
    if (s.queueId !== undefined) parts.push(sql`t.queue_id = ${s.queueId}`);
    if (s.tag !== undefined) parts.push(sql`r.contact_id in (select ctg.contact_id from contact_tags ctg where ctg.tag_id = ${s.tag})`);
    const [row] = rowsOf(
      await this.ctx.db.execute(
        sql`select count(*)::int as n from campaign_recipients r left join tickets t on t.id = r.ticket_id where ${sql.join(parts, sql` and `)}`,
      ),
    );
    return num(row?.n);
  }

  protected async attendants(
    s: Scope,
    onlyUserId: number | undefined,
    cycles: Map<number, { avgSupport: number; tickets: number }>,
    rated: Map<number, { n: number; rating: number | null }>,
  ): Promise<DashboardAttendant[]> {
    const only = onlyUserId ?? s.userId;
    const inQueue =
      s.queueId === undefined
        ? sql`true`
        : sql`exists (select 1 from user_queues uq where uq.user_id = u.id and uq.queue_id = ${s.queueId})`;
    const rows = rowsOf(
      await this.ctx.db.execute(sql`
        select u.id, u.name, ${inQueue} as in_queue from users u
        where ${only === undefined ? sql`true` : sql`u.id = ${only}`}
        order by lower(u.name), u.id`),
    );
    const online = await this.ctx.realtime.onlineUserIds();
    // With a sector filter: the sector's members and whoever served in it.
    return rows
      .filter((r) => r.in_queue === true || cycles.has(num(r.id)) || rated.has(num(r.id)))
      .map((r) => {
        const id = num(r.id);
        const c = cycles.get(id);
        const rt = rated.get(id);
        return {
          id,
          name: String(r.name),
          rating: rt?.rating == null ? null : round2(rt.rating),
          countRating: rt?.n ?? 0,
          avgSupportTime: round2(c?.avgSupport ?? 0),
          tickets: c?.tickets ?? 0,
          online: online.has(id),
        };
      });
  }

  /** `select day, n`: distinct tickets with a cycle queued on each local day from `from` to the range's end. */
  protected async distinctTicketsPerDay(s: Scope, from: string): Promise<SQL> {
    const { lo, hi } = this.bounds(s.from === from ? s : { ...s, ...(await this.instants(from, s.to, s.tz)) });
    return sql`
      select (c.queued_at at time zone ${s.tz})::date as day, count(distinct c.ticket_id)::int as n
      from ticket_cycles c
      where c.queued_at >= ${lo} and c.queued_at < ${hi} and ${this.cycleFilters(s)}
      group by 1`;
  }

  /** The local day of the earliest cycle in an open range (null: none). */
  protected async firstQueuedDay(s: Scope): Promise<string | null> {
    const [first] = rowsOf(
      await this.ctx.db.execute(sql`
        select to_char(min(c.queued_at at time zone ${s.tz}), 'YYYY-MM-DD') as day
        from (${this.cyclesInRange(s)}) c`),
    );
    return typeof first?.day === 'string' && first.day ? first.day : null;
  }

  /** Distinct tickets with a cycle queued on each day of the range, days without any included. */
  protected async ticketsPerDay(s: Scope): Promise<{ date: string; count: number }[]> {
    let from = s.from;
    if (from === null) {
      const first = await this.firstQueuedDay(s);
      const earliest = addDays(s.to, -(OPEN_RANGE_CHART_DAYS - 1));
      from = first ?? s.to;
      if (from < earliest) from = earliest;
      if (from > s.to) from = s.to;
    }
    const rows = rowsOf(
      await this.ctx.db.execute(sql`
        with per_day as (${await this.distinctTicketsPerDay(s, from)})
        select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(per_day.n, 0) as count
        from (select generate_series(${from}::date, ${s.to}::date, interval '1 day')::date as day) d
        left join per_day on per_day.day = d.day
        order by d.day`),
    );
    return rows.map((r) => ({ date: String(r.date), count: num(r.count) }));
  }
}
