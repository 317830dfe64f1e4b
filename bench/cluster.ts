/**
 * Scale-out benchmarks: server processes (the built packages/server/dist/main.js, as in production)
 * on one fresh PostgreSQL database and Redis, called over HTTP on their own ports (round robin, as a
 * balancer would) and watched by Socket.IO clients in other processes.
 *
 * - fan-out: attendants' realtime clients spread over three processes; inbound messages at a steady
 *   rate; the time from the simulated customer's send (the HTTP request that hands the message to
 *   the product) to its `appMessage` event at every client that may see the ticket.
 * - ingest: the same inbound messages through one process and through three.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase, fmt, percentile, runConcurrently } from './lib.js';
import { freePort } from '../packages/server/src/test/free-port.js';

const MAIN = path.resolve(import.meta.dirname, '../packages/server/dist/main.js');
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'bench-admin@x.io', password: 'bench-admin-pass' };

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A JSON call with the admin's token; throws unless the answer is one of `ok`. */
async function call<T>(url: string, token: string, method: string, body?: unknown, ok = [200, 201]): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!ok.includes(res.status)) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export interface Cluster {
  /** Base URLs of the processes, e.g. http://127.0.0.1:PORT. */
  urls: string[];
  adminToken: string;
  login(email: string, password: string, at?: string): Promise<string>;
  stop(): Promise<void>;
}

/** `count` server processes on a fresh database; the first migrates it, the others follow. */
export async function startCluster(count: number): Promise<Cluster> {
  const db = await createPostgresDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-cluster-'));
  fs.mkdirSync(path.join(dir, 'media'));
  const common = {
    DATABASE_URL: db.url,
    REDIS_URL,
    JWT_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SIMULATOR: 'on',
    LOG_LEVEL: 'warn',
  };
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  const stop = async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : Promise.resolve())));
    await db.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const dataDir = path.join(dir, `data-${i}`);
      fs.mkdirSync(dataDir);
      fs.symlinkSync(path.join(dir, 'media'), path.join(dataDir, 'media'));
      const child = spawn(process.execPath, [MAIN], {
        env: { ...process.env, ...common, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await waitUntil(`process ${i} to answer`, async () => (await fetch(`${url}/api/health`)).status === 200);
      urls.push(url);
    }
    const login = async (email: string, password: string, at = urls[0]) => {
      const res = await fetch(`${at}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { token: string }).token;
    };
    return { urls, adminToken: await login(ADMIN.email, ADMIN.password), login, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** A simulator connection created on process `at` (so its session runs there), paired and connected. */
export async function pairedConnection(cluster: Cluster, at: string, number: string, queueIds: number[]): Promise<number> {
  const t = cluster.adminToken;
  const { id } = await call<{ id: number }>(`${at}/api/whatsapp`, t, 'POST', { name: `Bench ${number}`, channel: 'simulator', queueIds });
  let qrcode = '';
  await waitUntil('the QR code', async () => {
    const c = await call<{ status: string; qrcode: string }>(`${at}/api/whatsapp/${id}`, t, 'GET');
    qrcode = c.qrcode;
    return c.status === 'qrcode' && !!qrcode;
  });
  await call(`${at}/api/simulator/scan`, t, 'POST', { qrcode, number });
  await waitUntil(
    'the connection',
    async () => (await call<{ status: string }>(`${at}/api/whatsapp/${id}`, t, 'GET')).status === 'CONNECTED',
  );
  return id;
}

/**
 * A customer's message handed to the product: 201 once stored, 202 when the session's owner did
 * not answer in time and the simulated network delivers it as soon as it can (both count; the
 * latency is taken at receipt either way).
 */
function customerSends(at: string, token: string, msg: { id: string; from: string; to: string; body: string }): Promise<unknown> {
  return call(`${at}/api/simulator/messages`, token, 'POST', { ...msg, name: `Customer ${msg.from.slice(-4)}` }, [201, 202]);
}

const customerNumber = (i: number) => `55219${String(10_000_000 + i).padStart(8, '0')}`;

// ── Realtime fan-out ────────────────────────────────────────────────────────────────────────────

export interface FanoutResult {
  processes: number;
  clients: number;
  messages: number;
  ratePerSecond: number;
  /** The first run: fresh processes, and each customer's first message (its ticket is new) among the sends. */
  first: boolean;
  receipts: number;
  expected: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  load: [number, number];
}

/**
 * One run per rate, on one cluster with its attendants' clients connected once. The first run also
 * carries each customer's first message (a new ticket, announced once the automation has put it in
 * the sector) and the processes' first work; the later ones are the steady state.
 */
export async function benchFanout(rates = [10, 10, 25], clients = 200, messages = 500, listeners = 4): Promise<FanoutResult[]> {
  const cluster = await startCluster(3);
  let procs: ChildProcess[] = [];
  try {
    const t = cluster.adminToken;
    const [first] = cluster.urls;
    const sector = await call<{ id: number }>(`${first}/api/queue`, t, 'POST', {
      name: 'Fan-out',
      color: '#3366cc',
      startWork: '00:00',
      endWork: '23:59',
    });
    const number = '5511900000100';
    await pairedConnection(cluster, first, number, [sector.id]);

    // Attendants of the sector: every new ticket waits in it, so each of them may see every message.
    const tokens: string[] = new Array<string>(clients);
    await runConcurrently(clients, 8, async (i) => {
      const email = `fan${i}@x.io`;
      const at = cluster.urls[i % cluster.urls.length];
      await call(
        `${at}/api/users`,
        t,
        'POST',
        { name: `Attendant ${i}`, email, password: 'fanout-pass', profile: 'user', queueIds: [sector.id] },
        [201],
      );
      tokens[i] = await cluster.login(email, 'fanout-pass', at);
    });

    // The clients in `listeners` processes, each spread over the three server processes.
    procs = Array.from({ length: listeners }, (_, l) => {
      const mine = tokens.flatMap((token, i) => (i % listeners === l ? [{ url: cluster.urls[i % cluster.urls.length], token }] : []));
      return fork(path.join(import.meta.dirname, 'fanout-listener.ts'), [], { execArgv: ['--import', 'tsx'] }).once(
        'spawn',
        function (this: ChildProcess) {
          this.send({ type: 'connect', clients: mine });
        },
      );
    });
    const ask = <T>(type: string, run = 0) =>
      Promise.all(
        procs.map(
          (p) =>
            new Promise<T>((resolve, reject) => {
              const onMessage = (m: { type: string; message?: string } & T) => {
                if (m.type === type) {
                  p.off('message', onMessage);
                  resolve(m);
                }
                if (m.type === 'error') reject(new Error(m.message));
              };
              p.on('message', onMessage);
              if (type !== 'ready') p.send({ type, run });
            }),
        ),
      );
    await ask('ready');

    const results: FanoutResult[] = [];
    for (const [run, rate] of rates.entries()) {
      const loadBefore = os.loadavg()[0];
      // A steady rate from 50 customers (50 tickets), each send round robin to a process; each
      // send's failure is kept (handled at once) and reported after the run.
      const started = performance.now();
      const sends: Promise<unknown>[] = [];
      for (let i = 0; i < messages; i++) {
        const wait = started + (i * 1000) / rate - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const at = cluster.urls[i % cluster.urls.length];
        const msg = {
          id: `fanout-${run}-${String(i).padStart(6, '0')}`,
          from: customerNumber(i % 50),
          to: number,
          body: `fan ${run} ${i} ${Date.now()}`,
        };
        sends.push(
          customerSends(at, t, msg).then(
            () => null,
            (err: unknown) => err ?? 'failed',
          ),
        );
      }
      const failed = (await Promise.all(sends)).filter((r) => r !== null);
      if (failed.length) throw new Error(`${failed.length} sends failed`, { cause: failed[0] });
      // Until every client has every message, or nothing more arrived for 30 s (the machine is shared).
      const expected = clients * messages;
      let seen = 0;
      for (let still = 0; seen < expected && still < 30;) {
        await new Promise((r) => setTimeout(r, 1000));
        const now = (await ask<{ n: number }>('count', run)).reduce((n, c) => n + c.n, 0);
        still = now === seen ? still + 1 : 0;
        seen = now;
      }
      const latencies = (await ask<{ latencies: number[] }>('report', run)).flatMap((r) => r.latencies).sort((a, b) => a - b);
      results.push({
        processes: 3,
        clients,
        messages,
        ratePerSecond: rate,
        first: run === 0,
        receipts: latencies.length,
        expected,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1] ?? NaN,
        load: [loadBefore, os.loadavg()[0]],
      });
    }
    return results;
  } finally {
    for (const p of procs) p.kill();
    await cluster.stop();
  }
}

export function describeFanout(r: FanoutResult): string {
  return `| ${r.processes} | ${r.clients} | ${r.messages} at ${r.ratePerSecond}/s${r.first ? ', new customers, fresh processes' : ''} | ${fmt(r.receipts)} of ${fmt(r.expected)} | ${fmt(r.p50)} ms | **${fmt(r.p95)} ms** | ${fmt(r.p99)} ms | ${fmt(r.max)} ms | ${r.load.map((l) => l.toFixed(1)).join(' → ')} |`;
}

// ── Ingest through one process and through three ──────────────────────────────────────────────

export interface ClusterIngestResult {
  processes: number;
  messages: number;
  customers: number;
  seconds: number;
  perSecond: number;
  load: [number, number];
}

/**
 * `messages` inbound messages from `customers` customers over three simulator connections, each
 * connection's session on its own process where there are three; every request goes round robin to
 * a process (a process without the session hands it to the owner), answered once stored.
 */
export async function benchClusterIngest(
  processes: number,
  messages = 3000,
  customers = 300,
  concurrency = 48,
): Promise<ClusterIngestResult> {
  const loadBefore = os.loadavg()[0];
  const cluster = await startCluster(processes);
  try {
    const t = cluster.adminToken;
    const numbers = ['5511900000201', '5511900000202', '5511900000203'];
    for (let c = 0; c < numbers.length; c++) await pairedConnection(cluster, cluster.urls[c % processes], numbers[c], []);
    const started = performance.now();
    await runConcurrently(messages, concurrency, async (i) => {
      const customer = i % customers;
      const at = cluster.urls[i % processes];
      await customerSends(at, t, {
        id: `ingest-${String(i).padStart(6, '0')}`,
        from: customerNumber(customer),
        to: numbers[customer % numbers.length],
        body: `message ${i}`,
      });
    });
    const seconds = (performance.now() - started) / 1000;
    return { processes, messages, customers, seconds, perSecond: messages / seconds, load: [loadBefore, os.loadavg()[0]] };
  } finally {
    await cluster.stop();
  }
}

export function describeClusterIngest(r: ClusterIngestResult): string {
  return `| ${r.processes} | ${fmt(r.messages)} from ${fmt(r.customers)} customers | ${fmt(r.seconds, 2)} s | **${fmt(r.perSecond)} msg/s** | ${r.load.map((l) => l.toFixed(1)).join(' → ')} |`;
}
