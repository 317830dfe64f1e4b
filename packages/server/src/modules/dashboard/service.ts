/**
 * Dashboard (spec §3 "Dashboard result", BEHAVIOUR "Dashboard"; what each number counts: raw.ts).
 * Without a tag filter the additive figures — waiting, in service, ended, support and wait times,
 * ratings and NPS — are sums over the rollups (store/dashboard-rollups.ts): a few rows per day,
 * attendant and sector, whatever the number of tickets. So are the distinct tickets, though they do
 * not add up over cycles, from the figures kept per ticket (store/dashboard-tickets.ts):
 * - per attendant (a ticket served on several days counts once): the rows of the range whose
 *   previous active day is before it, one per (attendant, ticket) pair;
 * - per day for one attendant or sector (a ticket transferred within a day is one); unfiltered,
 *   the day's distinct tickets are in the rollups (each ticket's first cycle of the day is marked).
 * Leads too: unfiltered, people first seen per day in the rollups; with a filter, per person's
 * first-seen day and last day served there (store/dashboard-leads.ts). The rest is read from the
 * rows, each through an index that carries what it needs:
 * - campaign replies, on their date index;
 * - ratings of no cycle (their sector is the ticket's current one, which moves), a partial index.
 * The tag filter reads the same figures: every kept row exists under tag 0 (every contact) and
 * under each tag of the contact it counts (store/dashboard-tags.ts), alone or with an attendant or
 * a sector. What stays raw under a tag is what stays raw without one, with the tag as a condition.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../lib/sql.js';
import { RawDashboard, num, type Scope } from './raw.js';

export { addDays, localDate } from './raw.js';

interface CycleStats {
  pending: number;
  happening: number;
  finished: number;
  avgSupport: number;
  avgWait: number;
  tickets: number;
}

interface RatingStats {
  n: number;
  rating: number | null;
  promoters: number;
  passives: number;
  detractors: number;
}

export class DashboardService extends RawDashboard {
  /** Rows of the range (local days, inclusive) and filters; user and sector 0 stand for none. */
  private rollupRows(s: Scope): SQL {
    const parts: SQL[] = [sql`d.tag_id = ${s.tag ?? 0}`, sql`d.day <= ${s.to}::date`];
    if (s.from !== null) parts.push(sql`d.day >= ${s.from}::date`);
    if (s.userId !== undefined) parts.push(sql`d.user_id = ${s.userId}`);
    if (s.queueId !== undefined) parts.push(sql`d.queue_id = ${s.queueId}`);
    return sql`select * from dashboard_rollups d where ${sql.join(parts, sql` and `)}`;
  }

  protected override async cycleStats(s: Scope) {
    // Times summed in microseconds, averaged as seconds the way avg(extract(epoch …)) does.
    const rows = rowsOf(
      await this.ctx.db.execute(sql`
        select nullif(d.user_id, 0) as user_id, grouping(d.user_id)::int as total_row,
          sum(d.pending)::int as pending, sum(d.happening)::int as happening, sum(d.finished)::int as finished,
          (sum(d.support_us)::numeric / 1000000 / nullif(sum(d.support_n), 0) / 60)::float8 as avg_support,
          (sum(d.wait_us)::numeric / 1000000 / nullif(sum(d.wait_n), 0) / 60)::float8 as avg_wait
        from (${this.rollupRows(s)}) d
        group by grouping sets ((), (d.user_id))`),
    );
    const tickets = await this.ticketsPerAttendant(s);
    const stats = (r: Record<string, unknown> | undefined, n: number): CycleStats => ({
      pending: num(r?.pending),
      happening: num(r?.happening),
      finished: num(r?.finished),
      avgSupport: num(r?.avg_support),
      avgWait: num(r?.avg_wait),
      tickets: n,
    });
    const rollup = new Map<number, Record<string, unknown>>();
    for (const r of rows) if (num(r.total_row) === 0 && r.user_id != null) rollup.set(num(r.user_id), r);
    // An attendant is listed with cycles when one of theirs was queued or ended in the range: those
    // are exactly the ones with a distinct ticket there.
    const byUser = new Map<number, CycleStats>();
    for (const [userId, n] of tickets) byUser.set(userId, stats(rollup.get(userId), n));
    return {
      all: stats(
        rows.find((r) => num(r.total_row) === 1),
        0,
      ),
      byUser,
    };
  }

  /**
   * Distinct tickets among each attendant's cycles queued or ended in the range: each pair's first
   * active day in the range is the row whose previous one is before it (open range: none). A few
   * rows per day, attendant and previous day, read by the key (sector 0: every sector, then day).
   */
  private async ticketsPerAttendant(s: Scope): Promise<Map<number, number>> {
    const parts: SQL[] = [sql`t.tag_id = ${s.tag ?? 0}`, sql`t.queue_id = ${s.queueId ?? 0}`, sql`t.day <= ${s.to}::date`];
    if (s.from === null) parts.push(sql`t.prev_day = '-infinity'::date`);
    else parts.push(sql`t.day >= ${s.from}::date`, sql`t.prev_day < ${s.from}::date`);
    if (s.userId !== undefined) parts.push(sql`t.user_id = ${s.userId}`);
    const rows = rowsOf(
      await this.ctx.db.execute(sql`
        select t.user_id, sum(t.tickets)::int as tickets from dashboard_attendant_tickets t
        where ${sql.join(parts, sql` and `)}
        group by t.user_id having sum(t.tickets) > 0`),
    );
    return new Map(rows.map((r) => [num(r.user_id), num(r.tickets)]));
  }

  protected override async ratingStats(s: Scope) {
    const rows = rowsOf(
      await this.ctx.db.execute(sql`
        select nullif(d.user_id, 0) as user_id, grouping(d.user_id)::int as total_row,
          sum(d.rated)::int as n, sum(d.rate_sum)::int as rate_sum,
          sum(d.promoters)::int as promoters, sum(d.passives)::int as passives, sum(d.detractors)::int as detractors
        from (${this.rollupRows(s)}) d
        group by grouping sets ((), (d.user_id))`),
    );
    const loose = await this.ratingsOfNoCycle(s);
    type Sums = { n: number; sum: number; promoters: number; passives: number; detractors: number };
    const sums = (r: Record<string, unknown> | undefined): Sums => ({
      n: num(r?.n),
      sum: num(r?.rate_sum),
      promoters: num(r?.promoters),
      passives: num(r?.passives),
      detractors: num(r?.detractors),
    });
    const plus = (a: Sums, b: Sums): Sums => ({
      n: a.n + b.n,
      sum: a.sum + b.sum,
      promoters: a.promoters + b.promoters,
      passives: a.passives + b.passives,
      detractors: a.detractors + b.detractors,
    });
    const stats = (x: Sums): RatingStats => ({
      n: x.n,
      rating: x.n ? x.sum / x.n : null,
      promoters: x.promoters,
      passives: x.passives,
      detractors: x.detractors,
    });
    const perUser = new Map<number, Sums>();
    let all = sums(undefined);
    for (const r of [...rows, ...loose]) {
      if (num(r.total_row) === 1) all = plus(all, sums(r));
      else if (r.user_id != null) {
        const id = num(r.user_id);
        perUser.set(id, plus(perUser.get(id) ?? sums(undefined), sums(r)));
      }
    }
    const byUser = new Map<number, RatingStats>();
    // A user is listed with ratings when one was given to them in the range.
    for (const [id, x] of perUser) if (x.n > 0) byUser.set(id, stats(x));
    return { all: stats(all), byUser };
  }

  /**
   * Unfiltered, people first seen per day are in the rollups (under no attendant and no sector);
   * with a filter, the people per first-seen day and last day served there (store/dashboard-leads.ts):
   * those seen in the range whose last such day is not before it.
   */
  protected override async leads(s: Scope): Promise<number> {
    if (s.userId === undefined && s.queueId === undefined) {
      const [row] = rowsOf(await this.ctx.db.execute(sql`select coalesce(sum(d.leads), 0)::int as n from (${this.rollupRows(s)}) d`));
      return num(row?.n);
    }
    const parts: SQL[] = [
      sql`l.tag_id = ${s.tag ?? 0}`,
      sql`l.user_id = ${s.userId ?? 0}`,
      sql`l.queue_id = ${s.queueId ?? 0}`,
      sql`l.day <= ${s.to}::date`,
    ];
    if (s.from !== null) parts.push(sql`l.day >= ${s.from}::date`, sql`l.last_day >= ${s.from}::date`);
    const [row] = rowsOf(
      await this.ctx.db.execute(
        sql`select coalesce(sum(l.contacts), 0)::int as n from dashboard_leads l where ${sql.join(parts, sql` and `)}`,
      ),
    );
    return num(row?.n);
  }

  /**
   * Ratings of no cycle in the range (few: a partial index holds them), sector by their ticket's;
   * under a tag, each one's contact looked up (never the tag's every ticket).
   */
  private async ratingsOfNoCycle(s: Scope): Promise<Record<string, unknown>[]> {
    const { lo, hi } = this.bounds(s);
    const parts: SQL[] = [sql`r.cycle_id is null`, sql`r.created_at >= ${lo}`, sql`r.created_at < ${hi}`];
    if (s.userId !== undefined) parts.push(sql`r.user_id = ${s.userId}`);
    if (s.queueId !== undefined) parts.push(sql`r.ticket_id in (select id from tickets where queue_id = ${s.queueId})`);
    if (s.tag !== undefined)
      parts.push(sql`exists (
        select 1 from tickets t join contact_tags ctg on ctg.contact_id = t.contact_id
        where t.id = r.ticket_id and ctg.tag_id = ${s.tag})`);
    return rowsOf(
      await this.ctx.db.execute(sql`
        select r.user_id, grouping(r.user_id)::int as total_row,
          count(*)::int as n, coalesce(sum(r.rate), 0)::int as rate_sum,
          count(*) filter (where r.rate >= 9)::int as promoters,
          count(*) filter (where r.rate between 7 and 8)::int as passives,
          count(*) filter (where r.rate <= 6)::int as detractors
        from ratings r where ${sql.join(parts, sql` and `)}
        group by grouping sets ((), (r.user_id))`),
    );
  }

  /**
   * Unfiltered, the days' first cycles of each ticket are counted in the rollups (tickets_queued);
   * for an attendant, a sector or both, the kept per-day figures (0: any).
   */
  protected override distinctTicketsPerDay(s: Scope, from: string): Promise<SQL> {
    const tag = s.tag ?? 0;
    if (s.userId !== undefined || s.queueId !== undefined)
      return Promise.resolve(sql`
        select d.day, sum(d.tickets)::int as n from dashboard_day_tickets d
        where d.tag_id = ${tag} and d.user_id = ${s.userId ?? 0} and d.queue_id = ${s.queueId ?? 0}
          and d.day >= ${from}::date and d.day <= ${s.to}::date
        group by d.day`);
    return Promise.resolve(sql`
      select d.day, sum(d.tickets_queued)::int as n from dashboard_rollups d
      where d.tag_id = ${tag} and d.day >= ${from}::date and d.day <= ${s.to}::date
      group by d.day`);
  }

  /**
   * The earliest cycle's day: the queued-date index's first entry (under the filters). Under a tag,
   * the first day with a ticket queued in the kept per-day figures (the chart's own).
   */
  protected override async firstQueuedDay(s: Scope): Promise<string | null> {
    if (s.tag !== undefined) {
      const [first] = rowsOf(
        await this.ctx.db.execute(
          s.userId !== undefined || s.queueId !== undefined
            ? sql`
              select to_char(min(d.day), 'YYYY-MM-DD') as day from dashboard_day_tickets d
              where d.tag_id = ${s.tag} and d.user_id = ${s.userId ?? 0} and d.queue_id = ${s.queueId ?? 0}
                and d.day <= ${s.to}::date and d.tickets > 0`
            : sql`
              select to_char(min(d.day), 'YYYY-MM-DD') as day from dashboard_rollups d
              where d.tag_id = ${s.tag} and d.day <= ${s.to}::date and d.tickets_queued > 0`,
        ),
      );
      return typeof first?.day === 'string' && first.day ? first.day : null;
    }
    const parts: SQL[] = [sql`c.queued_at < ${s.hi}::timestamptz`];
    if (s.userId !== undefined) parts.push(sql`c.user_id = ${s.userId}`);
    if (s.queueId !== undefined) parts.push(sql`c.queue_id = ${s.queueId}`);
    const [first] = rowsOf(
      await this.ctx.db.execute(sql`
        select to_char(min(c.queued_at) at time zone ${s.tz}, 'YYYY-MM-DD') as day
        from ticket_cycles c where ${sql.join(parts, sql` and `)}`),
    );
    return typeof first?.day === 'string' && first.day ? first.day : null;
  }
}
