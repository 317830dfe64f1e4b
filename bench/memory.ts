/**
 * Memory benchmark: the built server (`node packages/server/dist/main.js`) started as an operator
 * would, on the embedded database (a fresh DATA_DIR, then a restart on the same one) and, for
 * comparison, on PostgreSQL. Each phase signs in over HTTP, pairs simulator connections through the
 * simulator's API, keeps one Socket.IO client connected (as a signed-in browser would) and reads
 * the server's resident memory (VmRSS) once a second over an idle window.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { fmt, POSTGRES_URL } from './lib.js';

const MAIN = path.resolve(import.meta.dirname, '../packages/server/dist/main.js');
const EMAIL = 'memory@bench.io';
const PASSWORD = 'memorybench';
/** Seconds of idle sampling per phase; the reported figure is the median of the window. */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);

export interface MemoryRow {
  database: 'pglite' | 'postgres';
  phase: string;
  connections: number;
  medianMb: number;
  maxMb: number;
  load: number;
}

interface Server {
  child: ChildProcess;
  url: string;
  token: string;
  socket: Socket;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  const child = spawn(process.execPath, [MAIN], {
    // MALLOC_MMAP_THRESHOLD_ as `npm start` sets it (docs/operations.md, "Memory").
    env: {
      ...process.env,
      MALLOC_MMAP_THRESHOLD_: '131072',
      NODE_ENV: 'production',
      SIMULATOR: 'on',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const socket = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { child, url, token, socket };
}

async function api<T>(server: Server, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function until(what: string, check: () => Promise<boolean>, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const connectedCount = async (server: Server) =>
  (await api<{ status: string }[]>(server, 'GET', '/whatsapp')).filter((c) => c.status === 'CONNECTED').length;

/** Creates simulator connections and scans their QR codes until `total` are connected. */
async function pair(server: Server, total: number): Promise<void> {
  const existing = (await api<unknown[]>(server, 'GET', '/whatsapp')).length;
  for (let i = existing; i < total; i++) {
    await api(server, 'POST', '/whatsapp', { name: `Memory ${i + 1}`, channel: 'simulator' });
    let qrcode = '';
    await until('a QR code', async () => {
      const pending = await api<{ qrcode: string }[]>(server, 'GET', '/simulator/pending');
      qrcode = pending[0]?.qrcode ?? '';
      return !!qrcode;
    });
    await api(server, 'POST', '/simulator/scan', { qrcode, number: `55119800000${String(i).padStart(2, '0')}` });
  }
  await until(`${total} connected connections`, async () => (await connectedCount(server)) === total);
}

async function sampleIdle(server: Server): Promise<{ median: number; max: number }> {
  const samples: number[] = [];
  for (let s = 0; s < IDLE_SECONDS; s++) {
    await new Promise((r) => setTimeout(r, 1000));
    samples.push(rssMb(server.child.pid!));
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], max: samples[samples.length - 1] };
}

async function stop(server: Server): Promise<void> {
  server.socket.close();
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

async function measure(database: MemoryRow['database'], phase: string, server: Server, connections: number): Promise<MemoryRow> {
  const load = os.loadavg()[0];
  const { median, max } = await sampleIdle(server);
  const row = { database, phase, connections, medianMb: median, maxMb: max, load };
  console.log(describeMemoryRow(row));
  return row;
}

export async function benchMemory(options: { postgres: boolean }): Promise<MemoryRow[]> {
  // The server as it ships: compiled (incrementally) from the current sources.
  const build = spawnSync('npx', ['tsc', '-b', path.resolve(import.meta.dirname, '../packages/server')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the server failed');
  const rows: MemoryRow[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-memory-'));
  try {
    let server = await startServer({ DATA_DIR: dataDir });
    await pair(server, 1);
    rows.push(await measure('pglite', 'first start', server, 1));
    await stop(server);

    server = await startServer({ DATA_DIR: dataDir });
    await until('the connection to reconnect', async () => (await connectedCount(server)) === 1);
    rows.push(await measure('pglite', 'restart', server, 1));
    await pair(server, 10);
    rows.push(await measure('pglite', 'restart, 10 paired', server, 10));
    await stop(server);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  if (options.postgres) {
    const name = `sb_memory_${Date.now()}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-memory-'));
    try {
      const server = await startServer({ DATA_DIR: pgDir, DATABASE_URL: url.toString() });
      await pair(server, 1);
      rows.push(await measure('postgres', 'first start', server, 1));
      await pair(server, 10);
      rows.push(await measure('postgres', 'first start, 10 paired', server, 10));
      await stop(server);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      fs.rmSync(pgDir, { recursive: true, force: true });
    }
  }
  return rows;
}

export function describeMemoryRow(r: MemoryRow): string {
  return `| ${r.database} | ${r.phase} | ${r.connections} | **${fmt(r.medianMb)} MB** | ${fmt(r.maxMb)} MB | ${fmt(r.load, 1)} |`;
}
