/**
 * Ingest benchmark: N inbound messages from C simulated customers through the whole pipeline
 * (persist contact/ticket/message, realtime emit received by a Socket.IO client in another process), on
 * PGlite and PostgreSQL, compared with baselines on the same database: single-row and 32-row INSERTs
 * into a bare table, and the very message rows the pipeline stored inserted again 32 to a statement
 * into a table shaped like `messages` (its columns, defaults and indexes) — the figure the
 * pipeline's ratio is taken against, since it writes those rows and that table's indexes too.
 *
 * Besides throughput it reports how steadily realtime events arrive while the burst is being
 * stored: for each message, the time from handing it to the channel to its `appMessage` event
 * reaching the listener (p50 / p95 / max), and the longest silence between two arrivals. A run
 * that makes no progress for STALL_SECONDS, or exceeds DEADLINE_SECONDS, fails with what was
 * pending at that moment instead of waiting for ever.
 */
import { sql } from 'drizzle-orm';
import type { SimulatorDriver } from '../packages/server/src/channels/simulator/driver.js';
import { rowsOf } from '../packages/server/src/lib/sql.js';
import { fmt, percentile, startBenchServer, runConcurrently, type BenchServer, type DbKind } from './lib.js';
import { startRealtimeListener } from './listener.js';

export interface IngestResult {
  kind: DbKind;
  messages: number;
  customers: number;
  /** Until the listener had seen every message. */
  seconds: number;
  perSecond: number;
  /** Single-row INSERTs at the same concurrency. */
  plainInsertPerSecond: number;
  /** As many short rows, BATCH_ROWS per INSERT into a bare table, at the same concurrency. */
  batchedInsertPerSecond: number;
  /** The stored message rows, BATCH_ROWS per INSERT into a table like `messages`, at the same concurrency. */
  sameRowsPerSecond: number;
  /** Pipeline throughput ÷ the same rows' batched INSERT throughput. */
  ratio: number;
  /** Pipeline throughput ÷ the bare table's batched INSERT throughput (the ratio reported before). */
  bareRatio: number;
  /** Send → realtime receipt, ms. */
  latency: { p50: number; p95: number; max: number };
  /** Longest time without any event reaching the listener before the last one, ms. */
  longestGapMs: number;
  load: number;
}

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const DEADLINE_SECONDS = Number(process.env.BENCH_INGEST_DEADLINE ?? 600);
const STALL_SECONDS = Number(process.env.BENCH_INGEST_STALL ?? 60);
/** Rows per statement of the batched baseline. */
export const BATCH_ROWS = 32;

export async function benchIngest(kind: DbKind, messages = 10_000, customers = 1_000): Promise<IngestResult> {
  const { database, built, token, close } = await startBenchServer(kind);
  const load = (await import('node:os')).loadavg()[0];
  try {
    await built.app.inject({
      method: 'POST',
      url: '/api/whatsapp',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Bench', channel: 'simulator' },
    });
    const network = built.services.simulator!;
    for (let i = 0; i < 200 && network.pendingQrCodes().length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const { number } = await network.scan(network.pendingQrCodes()[0].qrcode, '5511900000001');
    const driver = network.byNumber(number) as SimulatorDriver;

    const state = { received: 0, delivered: 0, failed: 0, lastProgressAt: Date.now(), disconnects: [] as string[] };
    const listener = await startRealtimeListener(built, token, messages, (report) => {
      if (report.type === 'progress' && report.received !== state.received) {
        state.received = report.received;
        state.lastProgressAt = Date.now();
      }
      if (report.type === 'disconnect') state.disconnects.push(`${report.reason} after ${report.received} events`);
    });

    const sentAt = new Array<number>(messages).fill(0);
    const started = process.hrtime.bigint();
    const startedAt = Date.now();
    const sending = runConcurrently(messages, CONCURRENCY, async (i) => {
      const customer = `55119${String(10_000_000 + (i % customers)).padStart(8, '0')}`;
      sentAt[i] = Date.now();
      await driver
        .deliver({
          type: 'message',
          message: {
            externalId: `BENCH${i}`,
            chat: { id: customer, isGroup: false },
            sender: { number: customer, name: `Customer ${i % customers}` },
            fromMe: false,
            timestamp: new Date(),
            kind: 'chat',
            body: `message ${i} from customer ${i % customers}`,
          },
        })
        .then(
          () => {
            state.delivered += 1;
            state.lastProgressAt = Date.now();
          },
          (err: unknown) => {
            state.failed += 1;
            throw err;
          },
        );
    });
    const [, arrivals] = await watchdog(Promise.all([sending, listener.done]), state, messages, async () => {
      // The database may be the thing that is stuck: ask it, but do not wait long for the answer.
      const count = database.db
        .execute(sql`select count(*)::int as n from messages where external_id like 'BENCH%'`)
        .then((r) => `${Number(rowsOf(r)[0].n)} stored in the database`);
      const timeout = new Promise<string>((r) =>
        setTimeout(() => r('the database did not answer a count within 5 s (its connection is held)'), 5000),
      );
      return Promise.race([count, timeout]);
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    listener.stop();

    const latencies = arrivals
      .filter(([i]) => i >= 0)
      .map(([i, at]) => at - sentAt[i])
      .sort((a, b) => a - b);
    const times = arrivals.map(([, at]) => at).sort((a, b) => a - b);
    let longestGapMs = times.length ? times[0] - startedAt : 0;
    for (let k = 1; k < times.length; k++) longestGapMs = Math.max(longestGapMs, times[k] - times[k - 1]);

    // Baselines: the same number of rows into a bare table, at the same concurrency — one INSERT per
    // row, then BATCH_ROWS rows per INSERT (what the pipeline, which also writes in batches, is held to).
    const plainInsertPerSecond = await timeInserts(database, messages, 1);
    const batchedInsertPerSecond = await timeInserts(database, messages, BATCH_ROWS);
    const sameRowsPerSecond = await timeSameRows(database);
    const perSecond = messages / seconds;
    return {
      kind,
      messages,
      customers,
      seconds,
      perSecond,
      plainInsertPerSecond,
      batchedInsertPerSecond,
      sameRowsPerSecond,
      ratio: perSecond / sameRowsPerSecond,
      bareRatio: perSecond / batchedInsertPerSecond,
      latency: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1) ?? NaN },
      longestGapMs,
      load,
    };
  } finally {
    await close();
  }
}

/** Rows per second inserting `rows` rows into a fresh bare table, `perStatement` to an INSERT. */
async function timeInserts(database: BenchServer['database'], rows: number, perStatement: number): Promise<number> {
  const table = sql.raw(`bench_plain_${perStatement}`);
  await database.db.execute(
    sql`create table ${table} (id text primary key, body text not null, created_at timestamptz not null default now())`,
  );
  const statements = Math.ceil(rows / perStatement);
  const started = process.hrtime.bigint();
  await runConcurrently(statements, CONCURRENCY, async (s) => {
    const ids = Array.from({ length: Math.min(perStatement, rows - s * perStatement) }, (_, k) => s * perStatement + k);
    const values = sql.join(
      ids.map((i) => sql`(${`P${i}`}, ${`message ${i}`})`),
      sql`, `,
    );
    await database.db.execute(sql`insert into ${table} (id, body) values ${values}`);
  });
  return rows / (Number(process.hrtime.bigint() - started) / 1e9);
}

/**
 * Rows per second inserting again the message rows this run stored, BATCH_ROWS to an INSERT, into
 * a fresh table with `messages`' columns, defaults, checks and indexes (foreign keys are not
 * copied: the pipeline's own lookups of contact and ticket are its work, not the baseline's). The
 * better of two concurrencies: the run's own, and 8 writers — many writers contend for the trigram
 * index's pending list, and the baseline is the fastest way those rows go in, not a slowed one.
 */
async function timeSameRows(database: BenchServer['database']): Promise<number> {
  const stored = rowsOf(await database.db.execute(sql`select * from messages where external_id like 'BENCH%' order by external_id`));
  const columns = Object.keys(stored[0] ?? {});
  const names = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  const statements = Math.ceil(stored.length / BATCH_ROWS);
  let best = 0;
  for (const writers of [CONCURRENCY, 8]) {
    await database.db.execute(sql`drop table if exists bench_same_rows`);
    await database.db.execute(sql`create table bench_same_rows (like messages including all)`);
    const started = process.hrtime.bigint();
    await runConcurrently(statements, writers, async (s) => {
      const batch = stored.slice(s * BATCH_ROWS, (s + 1) * BATCH_ROWS);
      const values = sql.join(
        batch.map(
          (row) =>
            sql`(${sql.join(
              columns.map((c) => sql`${valueOf(row[c])}`),
              sql`, `,
            )})`,
        ),
        sql`, `,
      );
      await database.db.execute(sql`insert into bench_same_rows (${names}) values ${values}`);
    });
    best = Math.max(best, stored.length / (Number(process.hrtime.bigint() - started) / 1e9));
  }
  return best;
}

/** A value read from the database, as a parameter that goes back into the same column. */
function valueOf(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return v;
}

/**
 * Resolves with `work`, or rejects once nothing progressed for STALL_SECONDS or the run passed
 * DEADLINE_SECONDS, naming what was pending.
 */
async function watchdog<T>(
  work: Promise<T>,
  state: { received: number; delivered: number; failed: number; lastProgressAt: number; disconnects: string[] },
  messages: number,
  probe: () => Promise<string>,
): Promise<T> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      const now = Date.now();
      const stalled = now - state.lastProgressAt > STALL_SECONDS * 1000;
      if (!stalled && now - started < DEADLINE_SECONDS * 1000) return;
      clearInterval(timer);
      void probe().then((database) => {
        const why = stalled ? `no progress for ${STALL_SECONDS} s` : `not finished within ${DEADLINE_SECONDS} s`;
        const lines = [
          `ingest benchmark failed: ${why}.`,
          `  channel: ${state.delivered} of ${messages} deliveries acknowledged, ${state.failed} failed, ${messages - state.delivered - state.failed} pending`,
          `  database: ${database}`,
          `  realtime: ${state.received} of ${messages} appMessage events received by the listener`,
          `  listener disconnects: ${state.disconnects.length ? state.disconnects.join('; ') : 'none'}`,
          state.delivered === messages && state.received < messages
            ? '  → every message was stored but events are missing: lost on the way to the listener (a reconnect drops what was emitted meanwhile).'
            : state.delivered < messages
              ? '  → deliveries are waiting on the pipeline: a lock or queue in the server is not being released.'
              : '',
        ];
        reject(new Error(lines.filter(Boolean).join('\n')));
      });
    }, 1000);
  });
  try {
    return await Promise.race([work, stuck]);
  } finally {
    clearInterval(timer);
  }
}

export const INGEST_TABLE_HEADER = [
  `| database | messages | load avg | time | pipeline throughput | single-row INSERTs | ${BATCH_ROWS}-row INSERTs, bare table | × bare | ${BATCH_ROWS}-row INSERTs of the same message rows | × same rows | realtime p50 / p95 / max | longest silence |`,
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
];

export function describeIngest(r: IngestResult): string {
  const ms = (n: number) => `${fmt(n)} ms`;
  return `| ${r.kind} | ${fmt(r.messages)} from ${fmt(r.customers)} customers | ${fmt(r.load, 1)} | ${fmt(r.seconds, 2)} s | **${fmt(r.perSecond)} msg/s** | ${fmt(r.plainInsertPerSecond)} rows/s | ${fmt(r.batchedInsertPerSecond)} rows/s | ${fmt(r.bareRatio, 2)} | ${fmt(r.sameRowsPerSecond)} rows/s | **${fmt(r.ratio, 2)}** | ${ms(r.latency.p50)} / ${ms(r.latency.p95)} / **${ms(r.latency.max)}** | ${ms(r.longestGapMs)} |`;
}
