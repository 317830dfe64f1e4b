/**
 * WhatsApp benchmarks over the protocol test server (packages/server/src/channels/whatsapp/test-server),
 * with the real baileys driver:
 * - memory: RSS growth of a fresh process with 1 and with 10 sessions paired and open;
 * - inbound: messages/s from Signal-encrypted stanzas through baileys (decrypt) → pipeline →
 *   realtime event seen by a Socket.IO client in another process.
 */
import path from 'node:path';
import { fork } from 'node:child_process';
import type { BinaryNode } from 'baileys';
import { createWhatsappDriver } from '../packages/server/src/channels/whatsapp/driver.js';
import { WhatsAppTestServer } from '../packages/server/src/channels/whatsapp/test-server/server.js';
import { fmt, runConcurrently, startBenchServer } from './lib.js';
import { startRealtimeListener } from './listener.js';

export interface MemoryResult {
  sessions: number;
  growthMb: number;
  perSessionMb: number;
}

let numberSeq = 5511_9400_0000;

/** RSS growth of a fresh process that opens `count` sessions (the test server runs here). */
async function sessionsInChild(server: WhatsAppTestServer, count: number): Promise<MemoryResult> {
  const child = fork(path.join(import.meta.dirname, 'whatsapp-sessions.ts'), [server.url, String(count)], {
    execArgv: ['--import', 'tsx'],
  });
  try {
    const { before, after } = await new Promise<{ before: number; after: number }>((resolve, reject) => {
      child.on('message', (m: { type: string; qr?: string; before?: number; after?: number }) => {
        if (m.type === 'qr') {
          server.scan(m.qr!, String(numberSeq++));
          child.send({ type: 'scanned', qr: m.qr });
        }
        if (m.type === 'done') resolve({ before: m.before!, after: m.after! });
      });
      child.on('exit', (code) => reject(new Error(`sessions process exited with ${code}`)));
    });
    const growthMb = (after - before) / 2 ** 20;
    return { sessions: count, growthMb, perSessionMb: growthMb / count };
  } finally {
    child.kill();
  }
}

export async function benchWhatsappMemory(): Promise<MemoryResult[]> {
  const server = await WhatsAppTestServer.start();
  try {
    return [await sessionsInChild(server, 1), await sessionsInChild(server, 10)];
  } finally {
    await server.close();
  }
}

export function describeMemory(r: MemoryResult): string {
  return `| ${r.sessions} | ${fmt(r.growthMb, 1)} MB | **${fmt(r.perSessionMb, 1)} MB** | ${r.perSessionMb <= 60 ? 'yes' : 'no'} |`;
}

export interface InboundResult {
  messages: number;
  customers: number;
  seconds: number;
  perSecond: number;
}

/** Inbound text messages through the real baileys driver and the whole product. */
export async function benchWhatsappInbound(messages = 2_000, customers = 100): Promise<InboundResult> {
  const server = await WhatsAppTestServer.start();
  const { built, token, close } = await startBenchServer('pglite', {
    factories: { whatsapp: (ctx) => createWhatsappDriver(ctx, { waWebSocketUrl: server.url }) },
  });
  try {
    const auth = { authorization: `Bearer ${token}` };
    const conn = (
      await built.app.inject({ method: 'POST', url: '/api/whatsapp', headers: auth, payload: { name: 'Bench WA', channel: 'whatsapp' } })
    ).json<{ id: number }>();
    const status = async () =>
      (await built.app.inject({ method: 'GET', url: `/api/whatsapp/${conn.id}`, headers: auth })).json<{
        qrcode: string;
        status: string;
      }>();
    const company = '5511940009999';
    let qr = '';
    for (let i = 0; i < 600 && !qr; i++) {
      qr = (await status()).qrcode;
      if (!qr) await new Promise((r) => setTimeout(r, 50));
    }
    server.scan(qr, company);
    for (let i = 0; i < 600 && (await status()).status !== 'CONNECTED'; i++) await new Promise((r) => setTimeout(r, 50));

    const listener = await startRealtimeListener(built, token, messages);

    // Encrypt everything first: the figure is the receiving side, not the simulated phones.
    const people = Array.from({ length: customers }, (_, i) =>
      server.addCustomer({ number: `55119${String(50_000_000 + i)}`, name: `Customer ${i}` }),
    );
    const stanzas: BinaryNode[] = [];
    for (let i = 0; i < messages; i++) {
      stanzas.push(
        await server.prepareMessage(people[i % customers], company, { conversation: `message ${i} from customer ${i % customers}` }),
      );
    }

    const started = process.hrtime.bigint();
    // Each customer's messages in order (a phone sends one after the other), customers in parallel.
    await runConcurrently(customers, customers, async (c) => {
      for (let i = c; i < messages; i += customers) await server.deliver(company, stanzas[i]);
    });
    await listener.done;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { messages, customers, seconds, perSecond: messages / seconds };
  } finally {
    await close();
    await server.close();
  }
}

export function describeInbound(label: string, r: InboundResult): string {
  return `| ${label} | ${fmt(r.messages)} from ${fmt(r.customers)} customers | ${fmt(r.seconds, 2)} s | **${fmt(r.perSecond)} msg/s** |`;
}
