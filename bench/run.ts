/**
 * `npm run bench [-- ingest|dashboard …]`: runs the benchmarks and writes their tables into
 * BENCHMARKS.md between markers, leaving the rest of the file as it is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchIngest, describeIngest, type IngestResult } from './ingest.js';
import { postgresReachable, type DbKind } from './lib.js';
import { benchDashboard, describeDashboard, DASHBOARD_TARGET_MS, type DashboardResult } from './dashboard.js';

const BENCHMARKS = path.resolve(import.meta.dirname, '../BENCHMARKS.md');

function replaceSection(name: string, body: string): void {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const text = fs.existsSync(BENCHMARKS) ? fs.readFileSync(BENCHMARKS, 'utf8') : '# Benchmarks\n';
  const block = `${start}\n${body}\n${end}`;
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  fs.writeFileSync(BENCHMARKS, re.test(text) ? text.replace(re, block) : `${text.trimEnd()}\n\n${block}\n`);
}

const machine = () => `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

async function runIngest(): Promise<void> {
  const kinds: DbKind[] = ['pglite'];
  if (await postgresReachable()) kinds.push('postgres');
  const results: IngestResult[] = [];
  for (const kind of kinds) {
    console.log(`ingest on ${kind}…`);
    const r = await benchIngest(kind);
    console.log(describeIngest(r));
    results.push(r);
  }
  replaceSection(
    'ingest',
    [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}.`,
      '',
      '| database | messages | time | pipeline throughput | plain INSERT throughput | ratio |',
      '|---|---|---|---|---|---|',
      ...results.map(describeIngest),
    ].join('\n'),
  );
}

async function runDashboard(): Promise<void> {
  const kinds: DbKind[] = [];
  if (await postgresReachable()) kinds.push('postgres');
  kinds.push('pglite');
  const results: DashboardResult[] = [];
  for (const kind of kinds) {
    console.log(`dashboard on ${kind}…`);
    const r = await benchDashboard(kind);
    console.log(describeDashboard(r).join('\n'), `(seeded in ${r.seedSeconds.toFixed(1)} s)`);
    results.push(r);
  }
  replaceSection(
    'dashboard',
    [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}: \`GET /api/dashboard\` through the HTTP layer,`,
      `${results[0]?.runs ?? 0} calls per row after 5 warm-up calls; data spread over 90 days, so 30 days hold about a third. Target: p95 ≤ ${DASHBOARD_TARGET_MS} ms.`,
      '',
      '| database | tickets / cycles / ratings | query | p50 | p95 | within target |',
      '|---|---|---|---|---|---|',
      ...results.flatMap(describeDashboard),
    ].join('\n'),
  );
}

const which = process.argv.slice(2);
const all = which.length === 0;
if (all || which.includes('ingest')) await runIngest();
if (all || which.includes('dashboard')) await runDashboard();
process.exit(0);
