/**
 * Ingest benchmark: N inbound messages from C simulated customers through the whole pipeline
 * (persist contact/ticket/message, realtime emit received by a Socket.IO client in another process), on
 * PGlite and PostgreSQL, compared with plain single-row INSERT throughput of the same database.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { fork } from 'node:child_process';
import type { SimulatorDriver } from '../packages/server/src/channels/simulator/driver.js';
import { fmt, startBenchServer, runConcurrently, type DbKind } from './lib.js';

export interface IngestResult {
  kind: DbKind;
  messages: number;
  customers: number;
  seconds: number;
  perSecond: number;
  plainInsertPerSecond: number;
  ratio: number;
}

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);

export async function benchIngest(kind: DbKind, messages = 10_000, customers = 1_000): Promise<IngestResult> {
  const { database, built, token, close } = await startBenchServer(kind);
  try {
    await built.app.inject({ method: 'POST', url: '/api/whatsapp', headers: { authorization: `Bearer ${token}` }, payload: { name: 'Bench', channel: 'simulator' } });
    const network = built.services.simulator!;
    for (let i = 0; i < 200 && network.pendingQrCodes().length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const { number } = await network.scan(network.pendingQrCodes()[0].qrcode, '5511900000001');
    const driver = network.byNumber(number) as SimulatorDriver;

    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (built.app.server.address() as { port: number }).port;
    const listener = fork(path.join(import.meta.dirname, 'realtime-listener.ts'), [`http://127.0.0.1:${port}`, token, String(messages)], {
      execArgv: ['--import', 'tsx'],
    });
    const done = new Promise<void>((resolve, reject) => {
      listener.on('message', (m: { type: string; message?: string }) => {
        if (m.type === 'done') resolve();
        if (m.type === 'error') reject(new Error(m.message));
      });
      listener.on('exit', (code) => code !== 0 && reject(new Error(`listener exited with ${code}`)));
    });
    await new Promise<void>((resolve, reject) => {
      listener.on('message', (m: { type: string }) => m.type === 'ready' && resolve());
      listener.on('error', reject);
    });

    const started = process.hrtime.bigint();
    await runConcurrently(messages, CONCURRENCY, async (i) => {
      const customer = `55119${String(10_000_000 + (i % customers)).padStart(8, '0')}`;
      await driver.deliver({
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
      });
    });
    await done;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;

    // Baseline: the same number of single-row INSERTs at the same concurrency.
    await database.db.execute(sql`create table bench_plain (id text primary key, body text not null, created_at timestamptz not null default now())`);
    const plainStart = process.hrtime.bigint();
    await runConcurrently(messages, CONCURRENCY, async (i) => {
      await database.db.execute(sql`insert into bench_plain (id, body) values (${`P${i}`}, ${`message ${i}`})`);
    });
    const plainSeconds = Number(process.hrtime.bigint() - plainStart) / 1e9;

    const perSecond = messages / seconds;
    const plainInsertPerSecond = messages / plainSeconds;
    return { kind, messages, customers, seconds, perSecond, plainInsertPerSecond, ratio: perSecond / plainInsertPerSecond };
  } finally {
    await close();
  }
}

export function describeIngest(r: IngestResult): string {
  return `| ${r.kind} | ${fmt(r.messages)} from ${fmt(r.customers)} customers | ${fmt(r.seconds, 2)} s | **${fmt(r.perSecond)} msg/s** | ${fmt(r.plainInsertPerSecond)} rows/s | ${fmt(r.ratio, 2)} |`;
}
