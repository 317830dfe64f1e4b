/**
 * Dashboard benchmark: GET /api/dashboard for the last 30 and 90 days over 100,000 tickets (or
 * BENCH_DASHBOARD_TICKETS, e.g. "100000,1000000" for the growth between sizes) spread over 90 days
 * (with their service cycles — a fifth of them transferred once — and ratings for 60%), generated
 * with set-based SQL, then the dashboard's figures recounted as after an import. Measured through
 * the HTTP layer (auth, validation, SQL, JSON), on PGlite and PostgreSQL (BENCH_DASHBOARD_KINDS to
 * pick), unfiltered and with each filter.
 */
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/client.js';
import { rebuildDashboardRollups } from '../packages/server/src/store/dashboard-rollups.js';
import { fmt, startBenchServer, percentile, type DbKind } from './lib.js';

export interface DashboardResult {
  kind: DbKind;
  tickets: number;
  cycles: number;
  ratings: number;
  seedSeconds: number;
  runs: number;
  /** Load average (1 min) when the measuring began: the machine is shared. */
  load: number;
  /** p50 / p95 in ms per query variant. */
  variants: { name: string; p50: number; p95: number }[];
}

export const DASHBOARD_TARGET_MS = 100;

export async function seed(db: Db, tickets: number): Promise<void> {
  const run = (q: SQL) => db.execute(q);
  await run(sql`insert into users (name, email, password_hash, profile)
    select 'Attendant ' || i, 'attendant' || i || '@bench.local', 'x', 'user' from generate_series(1, 20) i`);
  await run(sql`insert into queues (name, color) select 'Sector ' || i, '#' || lpad(i::text, 6, '0') from generate_series(1, 5) i`);
  await run(sql`insert into tags (name, color) select 'Tag ' || i, '#' || lpad((100 + i)::text, 6, '0') from generate_series(1, 5) i`);
  await run(sql`insert into whatsapps (name, channel, status) values ('Bench line', 'simulator', 'DISCONNECTED')`);
  await run(sql`insert into contacts (name, number, created_at)
    select 'Customer ' || i, (5511000000000 + i)::text, now() - (i::float8 / ${tickets}) * interval '90 days'
    from generate_series(1, ${tickets}) i`);
  await run(sql`insert into contact_tags (contact_id, tag_id)
    select c.id, (select min(id) from tags) + (c.id % 5) from contacts c where c.id % 10 = 0`);
  // One ticket per contact; the newest 2% still pending or open (one active ticket per contact).
  await run(sql`insert into tickets (status, contact_id, whatsapp_id, user_id, queue_id, created_at, updated_at)
    select case when c.id % 50 = 0 then 'pending' when c.id % 50 = 1 then 'open' else 'closed' end,
      c.id, (select min(id) from whatsapps),
      case when c.id % 50 = 0 then null else (select min(id) from users where profile = 'user') + (c.id % 20) end,
      (select min(id) from queues) + (c.id % 5),
      c.created_at, c.created_at
    from contacts c`);
  // First cycle: waited 1–30 min, served 5–120 min (pending: not started; open: not finished).
  await run(sql`insert into ticket_cycles (ticket_id, queue_id, user_id, queued_at, started_at, finished_at, outcome)
    select t.id, t.queue_id, t.user_id, t.created_at,
      case when t.status = 'pending' then null else t.created_at + ((t.id % 30) + 1) * interval '1 minute' end,
      case when t.status <> 'closed' then null
           else t.created_at + ((t.id % 30) + 1) * interval '1 minute' + ((t.id % 116) + 5) * interval '1 minute' end,
      case when t.status <> 'closed' then null when t.id % 5 = 0 then 'transferred' else 'resolved' end
    from tickets t`);
  // A fifth were transferred: a second cycle in another sector, resolved.
  await run(sql`insert into ticket_cycles (ticket_id, queue_id, user_id, queued_at, started_at, finished_at, outcome)
    select c.ticket_id, (select min(id) from queues) + ((c.queue_id + 1) % 5), c.user_id, c.finished_at,
      c.finished_at + interval '3 minutes', c.finished_at + interval '20 minutes', 'resolved'
    from ticket_cycles c where c.outcome = 'transferred'`);
  await run(sql`insert into ratings (ticket_id, cycle_id, user_id, rate, created_at)
    select c.ticket_id, c.id, c.user_id, (c.ticket_id * 7) % 11, c.finished_at + interval '1 minute'
    from ticket_cycles c where c.outcome = 'resolved' and c.ticket_id % 5 < 3`);
  // Written straight to the tables, as an import writes them: recounted the same way.
  await db.transaction((tx) => rebuildDashboardRollups(tx));
  await run(sql`analyze`);
}

export async function benchDashboard(kind: DbKind, tickets = 100_000, runs = 60): Promise<DashboardResult> {
  const { database, built, token, close } = await startBenchServer(kind, { startChannels: false });
  try {
    const seedStart = process.hrtime.bigint();
    await seed(database.db, tickets);
    const seedSeconds = Number(process.hrtime.bigint() - seedStart) / 1e9;
    const count = async (table: string) =>
      Number(((await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as { rows: { n: number }[] }).rows[0].n);

    const ids = (await database.db.execute(
      sql`select (select min(id) from users where profile = 'user') as u, (select min(id) from queues) as q, (select min(id) from tags) as t`,
    )) as {
      rows: { u: number; q: number; t: number }[];
    };
    const { u, q, t } = ids.rows[0];
    const variants = [
      { name: 'last 30 days', query: 'days=30' },
      { name: '30 days, one attendant', query: `days=30&userId=${u}` },
      { name: '30 days, one sector', query: `days=30&queueId=${q}` },
      { name: '30 days, one tag', query: `days=30&tag=${t}` },
      { name: 'last 90 days', query: 'days=90' },
      { name: '90 days, one attendant', query: `days=90&userId=${u}` },
      { name: '90 days, one sector', query: `days=90&queueId=${q}` },
      { name: '90 days, one tag', query: `days=90&tag=${t}` },
    ];
    const load = os.loadavg()[0];
    const results: DashboardResult['variants'] = [];
    for (const v of variants) {
      const call = async () => {
        const res = await built.app.inject({
          method: 'GET',
          url: `/api/dashboard?${v.query}`,
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.statusCode !== 200) throw new Error(`dashboard ${v.query}: ${res.statusCode} ${res.body}`);
      };
      for (let i = 0; i < 5; i++) await call(); // warm-up: plans and caches
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const start = process.hrtime.bigint();
        await call();
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      times.sort((a, b) => a - b);
      results.push({ name: v.name, p50: percentile(times, 50), p95: percentile(times, 95) });
    }
    return {
      kind,
      tickets: await count('tickets'),
      cycles: await count('ticket_cycles'),
      ratings: await count('ratings'),
      seedSeconds,
      runs,
      load,
      variants: results,
    };
  } finally {
    await close();
  }
}

export function describeDashboard(r: DashboardResult): string[] {
  return r.variants.map(
    (v) =>
      `| ${r.kind} | ${fmt(r.tickets)} / ${fmt(r.cycles)} / ${fmt(r.ratings)} | ${r.load.toFixed(1)} | ${v.name} | ${fmt(v.p50, 1)} ms | **${fmt(v.p95, 1)} ms** | ${v.p95 <= DASHBOARD_TARGET_MS ? 'yes' : 'NO'} |`,
  );
}

/** p50 growth of each query from the smallest size to the largest, per database. */
export function describeGrowth(results: DashboardResult[]): string[] {
  const lines: string[] = [];
  for (const kind of new Set(results.map((r) => r.kind))) {
    const sized = results.filter((r) => r.kind === kind).sort((a, b) => a.tickets - b.tickets);
    if (sized.length < 2) continue;
    const [small, large] = [sized[0], sized[sized.length - 1]];
    for (const v of small.variants) {
      const w = large.variants.find((x) => x.name === v.name);
      if (w)
        lines.push(
          `| ${kind} | ${v.name} | ${fmt(small.tickets)} → ${fmt(large.tickets)} | ×${(w.p50 / v.p50).toFixed(2)} (p50) | ×${(w.p95 / v.p95).toFixed(2)} (p95) |`,
        );
    }
  }
  return lines;
}
