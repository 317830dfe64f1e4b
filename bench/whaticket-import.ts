/**
 * Whaticket import benchmark: a MariaDB source (Press-Ticket schema) with N generated messages,
 * imported (dry run, then the real run) by the server's import service on PGlite or PostgreSQL,
 * while a client asks GET /api/health and GET /api/tickets one after the other. Reports the
 * import's rows per second and how long those answers took while it ran (p50 / p95 / max).
 *
 *   npx tsx bench/whaticket-import.ts [messages=20000] [pglite|postgres]
 */
import mysql from 'mysql2/promise';
import type { ImportJobDTO } from '@switchboard/shared';
import { WhaticketImportService } from '../packages/server/src/modules/whaticket-import/service.js';
import { startMariaDb } from '../packages/server/src/test/mariadb.js';
import { createWhaticketDatabase } from '../packages/server/src/test/whaticket-fixture.js';
import { fmt, percentile, startBenchServer, type DbKind } from './lib.js';

const MESSAGES = Number(process.argv[2] ?? 20_000);
const KIND = (process.argv[3] ?? 'pglite') as DbKind;

async function main(): Promise<void> {
  const maria = await startMariaDb();
  const server = await startBenchServer(KIND);
  try {
    const conn = await mysql.createConnection(maria.url);
    await createWhaticketDatabase((sql) => conn.query(sql), 'mysql');
    // MariaDB's sequence engine makes the rows in the server, in one statement.
    await conn.query(
      `INSERT INTO \`Messages\` (\`id\`, \`body\`, \`ack\`, \`read\`, \`fromMe\`, \`mediaUrl\`, \`mediaType\`, \`isDeleted\`, \`ticketId\`, \`contactId\`, \`quotedMsgId\`, \`createdAt\`, \`updatedAt\`) SELECT CONCAT('BENCH', LPAD(seq, 9, '0')), CONCAT('generated message ', seq), 3, 1, seq % 2, NULL, 'chat', 0, 1, 1, NULL, '2024-05-03 10:00:00', '2024-05-03 10:00:00' FROM seq_1_to_${MESSAGES}`,
    );
    await conn.end();
    const admin = { id: 1, profile: 'admin' } as never;
    const imports = new WhaticketImportService(server.built.ctx, server.built.services.media);
    let token = server.token;
    // A long run outlives an access token: sign in again (startBenchServer's admin) when it is refused.
    const signIn = async () => {
      const res = await server.built.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'bench@x.io', password: 'benchpass' },
      });
      token = res.json<{ token: string }>().token;
    };
    for (const dryRun of [true, false]) {
      const started = performance.now();
      imports.start(admin, { from: maria.url, media: '', dryRun });
      const latencies: number[] = [];
      let job: ImportJobDTO = imports.current(admin);
      while (job.status === 'running') {
        for (const url of ['/api/health', '/api/tickets?status=closed']) {
          const t = performance.now();
          let res = await server.built.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
          if (res.statusCode === 403 && res.body.includes('ERR_INVALID_TOKEN')) {
            await signIn();
            res = await server.built.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
          }
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
          latencies.push(performance.now() - t);
        }
        job = imports.current(admin);
      }
      await imports.settled();
      job = imports.current(admin);
      const seconds = (performance.now() - started) / 1000;
      if (job.status !== 'done') throw new Error(`import ${job.status}: ${job.error ?? ''}`);
      const messages = job.summary.find((s) => s.table === 'Messages');
      latencies.sort((a, b) => a - b);
      console.log(
        `${KIND} ${dryRun ? 'dry run' : 'real run'}: ${MESSAGES} messages in ${fmt(seconds, 1)} s (${fmt(MESSAGES / seconds)} msg/s; ${JSON.stringify(messages)}); ` +
          `${latencies.length} requests answered during it: p50 ${fmt(percentile(latencies, 50))} ms, p95 ${fmt(percentile(latencies, 95))} ms, max ${fmt(latencies[latencies.length - 1] ?? 0)} ms`,
      );
    }
  } finally {
    await server.close();
    await maria.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
