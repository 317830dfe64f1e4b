/** `npm run bench -- tickets`: both databases, each at two sizes ten times apart, into BENCHMARKS.md. */
import os from 'node:os';
import { TICKETS_COUNT_CAP } from '@switchboard/shared';
import { fmt, postgresReachable } from './lib.js';
import { benchTickets, describeTickets, RUNS, SEARCH_TARGET_MS, WARMUP } from './tickets.js';

/** Largest sizes (tickets; ten messages each): BENCH_TICKETS_PG, BENCH_TICKETS_PGLITE. */
const SIZES = {
  postgres: Number(process.env.BENCH_TICKETS_PG ?? 1_000_000),
  pglite: Number(process.env.BENCH_TICKETS_PGLITE ?? 100_000),
};

export async function runTickets(replaceSection: (name: string, body: string) => void, machine: string): Promise<void> {
  const reachable = await postgresReachable();
  // BENCH_TICKETS_DB=postgres|pglite measures one database only.
  const kinds = (['postgres', 'pglite'] as const).filter(
    (k) => (k === 'pglite' || reachable) && (!process.env.BENCH_TICKETS_DB || process.env.BENCH_TICKETS_DB === k),
  );
  const sections: string[] = [];
  for (const kind of kinds) {
    const sizes = [SIZES[kind] / 10, SIZES[kind]] as const;
    console.log(`tickets on ${kind}, ${sizes.join(' and ')} tickets, interleaved… (load average ${os.loadavg()[0].toFixed(1)})`);
    const pair = await benchTickets(kind, sizes);
    const [small, large] = pair;
    const seeded = pair.map(
      (r) =>
        `${r.tickets.toLocaleString('en-US')} tickets / ${r.messages.toLocaleString('en-US')} messages: ${r.seedSeconds == null ? 'seeded by an earlier run' : `seeded in ${r.seedSeconds.toFixed(0)} s`}`,
    );
    sections.push([`### ${kind}`, '', seeded.join('; ') + '.', '', ...describeTickets(small, large)].join('\n'));
  }
  replaceSection(
    'tickets',
    [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine} (load average ${os.loadavg()[0].toFixed(1)} at the end; the machine is shared).`,
      `Each row: ${RUNS} calls per size through the HTTP layer after ${WARMUP} warm-up calls per size, interleaved between the two sizes`,
      `(small, large, small, large…) so that a pause of the machine lands on both. "matching" is the answer's \`count\``,
      `(capped at ${fmt(TICKETS_COUNT_CAP)}) or the messages of the ticket; growth compares the larger size with the one ten times smaller.`,
      `Search goal: p95 ≤ ${SEARCH_TARGET_MS} ms at 1M tickets / 10M messages on PostgreSQL.`,
      '',
      ...sections,
    ].join('\n'),
  );
}
