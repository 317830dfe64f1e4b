/**
 * `npm run bench [-- ingest|dashboard …]`: runs the benchmarks and writes their tables into
 * BENCHMARKS.md between markers, leaving the rest of the file as it is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchIngest, describeIngest, INGEST_TABLE_HEADER, type IngestResult } from './ingest.js';
import { benchMemory, describeMemoryRow } from './memory.js';
import { postgresReachable, type DbKind } from './lib.js';
import { benchWhatsappInbound, benchWhatsappMemory, describeInbound, describeMemory } from './whatsapp.js';
import { benchDashboard, describeDashboard, describeGrowth, DASHBOARD_TARGET_MS, type DashboardResult } from './dashboard.js';
import { runTickets } from './tickets-run.js';
import { benchCampaignPacing, describePacing, PACING_TABLE_HEADER } from './campaigns.js';
import { benchClusterIngest, benchFanout, describeClusterIngest, describeFanout, type ClusterIngestResult } from './cluster.js';

const BENCHMARKS = path.resolve(import.meta.dirname, '../BENCHMARKS.md');

function replaceSection(name: string, body: string): void {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const text = fs.existsSync(BENCHMARKS) ? fs.readFileSync(BENCHMARKS, 'utf8') : '# Benchmarks\n';
  const block = `${start}\n${body}\n${end}`;
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  fs.writeFileSync(BENCHMARKS, re.test(text) ? text.replace(re, block) : `${text.trimEnd()}\n\n${block}\n`);
}

const machine = () =>
  `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

async function runIngest(): Promise<void> {
  const kinds: DbKind[] = ['pglite'];
  if (await postgresReachable()) kinds.push('postgres');
  const results: IngestResult[] = [];
  for (const kind of kinds) {
    console.log(`ingest on ${kind}…`);
    const r = await benchIngest(
      kind,
      Number(process.env.BENCH_INGEST_MESSAGES ?? 10_000),
      Number(process.env.BENCH_INGEST_CUSTOMERS ?? 1_000),
    );
    console.log(describeIngest(r));
    results.push(r);
  }
  replaceSection(
    'ingest',
    [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; load average (1 min) at the start of each run in its row.`,
      '',
      ...INGEST_TABLE_HEADER,
      ...results.map(describeIngest),
    ].join('\n'),
  );
}

async function runDashboard(): Promise<void> {
  const kinds: DbKind[] = [];
  if (await postgresReachable()) kinds.push('postgres');
  kinds.push('pglite');
  const chosen = process.env.BENCH_DASHBOARD_KINDS?.split(',') ?? kinds;
  const sizes = (process.env.BENCH_DASHBOARD_TICKETS ?? '100000').split(',').map(Number);
  const results: DashboardResult[] = [];
  for (const kind of kinds.filter((k) => chosen.includes(k)))
    for (const size of sizes) {
      console.log(`dashboard on ${kind}, ${size} tickets…`);
      const r = await benchDashboard(kind, size);
      console.log(describeDashboard(r).join('\n'), `(seeded in ${r.seedSeconds.toFixed(1)} s)`);
      results.push(r);
    }
  const growth = describeGrowth(results);
  replaceSection(
    'dashboard',
    [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}: \`GET /api/dashboard\` through the HTTP layer,`,
      `${results[0]?.runs ?? 0} calls per row after 5 warm-up calls; data spread over 90 days, so 30 days hold about a third. Target: p95 ≤ ${DASHBOARD_TARGET_MS} ms.`,
      'The machine is shared: the load average (1 min) when each size began measuring is in its rows.',
      '',
      '| database | tickets / cycles / ratings | load | query | p50 | p95 | within target |',
      '|---|---|---|---|---|---|---|',
      ...results.flatMap(describeDashboard),
      ...(growth.length ? ['', '| database | query | tickets | growth | |', '|---|---|---|---|---|', ...growth] : []),
    ].join('\n'),
  );
}

async function runWhatsapp(): Promise<void> {
  console.log('whatsapp memory per session…');
  const memory = await benchWhatsappMemory();
  memory.forEach((r) => console.log(describeMemory(r)));
  const messages = 500;
  const customers = 10;
  const load = os.loadavg()[0].toFixed(1);
  console.log('whatsapp inbound through baileys…');
  const baileys = await benchWhatsappInbound(messages, customers);
  console.log(describeInbound('baileys driver', baileys));
  console.log('simulator inbound, same size…');
  const sim = await benchIngest('pglite', messages, customers);
  const simulator = { messages, customers, seconds: sim.seconds, perSecond: sim.perSecond };
  console.log(describeInbound('simulator driver', simulator));
  replaceSection(
    'whatsapp',
    [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()} (load average ${load} at the start), against the WhatsApp protocol test server`,
      '(packages/server/src/channels/whatsapp/test-server) on loopback, with the real baileys driver.',
      '',
      'Memory: RSS growth of a fresh process (modules already loaded, garbage collected before each reading) after',
      'pairing and opening 1 or 10 sessions; the test server runs in the parent process. The 1-session row includes',
      "one-off costs (code compiled on first use). Auth state in memory, as the database-backed store's cache holds it.",
      'Goal ≤ 60 MB per session.',
      '',
      '| sessions | RSS growth | per session | within goal |',
      '|---|---|---|---|',
      ...memory.map(describeMemory),
      '',
      `Each session after the first adds ${((memory[1].growthMb - memory[0].growthMb) / (memory[1].sessions - memory[0].sessions)).toFixed(1)} MB ((10-session growth − 1-session growth) / 9).`,
      '',
      'Inbound: text messages from simulated customers, Signal-encrypted before timing, delivered over the',
      'socket (each customer in order, customers in parallel); timed until a Socket.IO client in another process',
      'has seen every `appMessage` create (decrypt → pipeline → realtime), on PGlite. The simulator row is the',
      'ingest benchmark with the same counts, run in the same invocation. With 100 customers writing at once the',
      'baileys run did not finish within 5 minutes (deliveries stalled waiting for acks; not yet explained), so both',
      'rows use 10 customers.',
      '',
      '| driver | messages | time | throughput |',
      '|---|---|---|---|',
      describeInbound('baileys (WhatsApp)', baileys),
      describeInbound('simulator', simulator),
    ].join('\n'),
  );
}

async function runMemory(): Promise<void> {
  const rows = await benchMemory({ postgres: await postgresReachable() });
  replaceSection(
    'memory',
    [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; load average (1 min) at the start of each reading in its row.`,
      '',
      '| database | phase | paired simulator connections | idle RSS (median) | idle RSS (max) | load avg |',
      '|---|---|---|---|---|---|',
      ...rows.map(describeMemoryRow),
    ].join('\n'),
  );
}

const CLUSTER_PREAMBLE = () => [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; the machine was shared with other work at the time,`,
  'so the load average (1 min, at the start → at the end of each run) is shown next to each figure.',
  'Server processes are the built `packages/server/dist/main.js` on one fresh PostgreSQL database and Redis',
  '(the Socket.IO Redis adapter), called on their own ports round robin as a balancer would.',
  '',
];

async function needPostgres(): Promise<void> {
  if (!(await postgresReachable())) throw new Error('the cluster benchmarks need PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}

/** Three server processes on PostgreSQL and Redis (needs `npm run build` first: it runs dist/main.js). */
async function runClusterFanout(): Promise<void> {
  await needPostgres();
  console.log('realtime fan-out over three processes…');
  const fanout = await benchFanout();
  fanout.forEach((r) => console.log(describeFanout(r)));
  replaceSection(
    'cluster-fanout',
    [
      ...CLUSTER_PREAMBLE(),
      'Realtime fan-out: attendants of one sector, each with a Socket.IO client (WebSocket) in one of four',
      'client processes, the clients spread evenly over the three server processes. One simulator connection',
      '(its session on one process); 50 customers send 500 inbound messages at a steady rate (one run per rate,',
      'same clients), each send to the next process round robin (two of three are handed to the session owner).',
      "Latency: from the moment the customer's send request starts to the `appMessage` event at each client;",
      'every client may see every ticket (they wait in the sector), so each message is expected at every client;',
      'receipts are counted until all have arrived or none arrived for 30 s. The first run is on fresh processes and',
      "includes each customer's first message, which opens a ticket and reaches the sector once the automation has",
      'put the ticket there; the runs after it are the steady state. Goal: p95 ≤ 100 ms.',
      '',
      '| processes | clients | messages | receipts | p50 | p95 | p99 | max | load average |',
      '|---|---|---|---|---|---|---|---|---|',
      ...fanout.map(describeFanout),
    ].join('\n'),
  );
}

async function runClusterIngest(): Promise<void> {
  await needPostgres();
  const ingest: ClusterIngestResult[] = [];
  for (const processes of [1, 3]) {
    console.log(`ingest through ${processes} process(es)…`);
    const r = await benchClusterIngest(processes);
    console.log(describeClusterIngest(r));
    ingest.push(r);
  }
  replaceSection(
    'cluster-ingest',
    [
      ...CLUSTER_PREAMBLE(),
      'Ingest: inbound messages over three simulator connections through one process (all three sessions on it)',
      'and through three (one session each), 48 requests in flight, each to the next process round robin; a',
      'request answers once its message is stored. Over HTTP, so not comparable with the in-process ingest figures above.',
      '',
      '| processes | messages | time | throughput | load average |',
      '|---|---|---|---|---|',
      ...ingest.map(describeClusterIngest),
    ].join('\n'),
  );
}

async function runCampaigns(): Promise<void> {
  console.log('campaign pacing on the simulator…');
  const results = await benchCampaignPacing();
  results.forEach((r) => console.log(describePacing(r)));
  replaceSection(
    'campaigns',
    [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}, PGlite, simulator connection, default pacing`,
      '(20–60 s random gaps, 60 an hour, 300 a day, warm-up from 20 a day doubling daily; work hours not applied).',
      'The campaign job runs tick by tick on a simulated clock (5 s ticks; a minute — five for the new number — at a time',
      'while a cap holds, so cap waits are measured to that step). "Handed over" is when a recipient\'s message went to the',
      'outbox, which sends it to the simulated phone at once. Gaps are between consecutive hand-overs, including the',
      'waits for a cap. See bench/campaigns.ts.',
      '',
      ...PACING_TABLE_HEADER,
      ...results.map(describePacing),
    ].join('\n'),
  );
}

const which = process.argv.slice(2);
const all = which.length === 0;
if (all || which.includes('ingest')) await runIngest();
if (all || which.includes('dashboard')) await runDashboard();
if (all || which.includes('whatsapp')) await runWhatsapp();
if (all || which.includes('tickets')) await runTickets(replaceSection, machine());
if (all || which.includes('memory')) await runMemory();
if (all || which.includes('campaigns')) await runCampaigns();
if (all || which.includes('cluster') || which.includes('cluster-fanout')) await runClusterFanout();
if (all || which.includes('cluster') || which.includes('cluster-ingest')) await runClusterIngest();
process.exit(0);
