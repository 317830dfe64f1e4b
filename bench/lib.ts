/** Shared helpers for the benchmark scripts: a database of either kind, timing, percentiles. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type BuildAppOptions, type BuiltApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { openDatabase, type Database } from '../packages/server/src/db/client.js';
import { users } from '../packages/server/src/db/schema.js';
import { hashPassword } from '../packages/server/src/lib/passwords.js';

export type DbKind = 'pglite' | 'postgres';

export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function openBenchDatabase(kind: DbKind): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const created = await createPostgresDatabase();
  const database = await openDatabase({ url: created.url, poolSize: 20 });
  return {
    database,
    drop: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** A fresh, empty PostgreSQL database on the benchmark server: its URL and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sb_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Runs `count` tasks with at most `concurrency` in flight. */
export async function runConcurrently(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count) {
      const i = next++;
      await task(i);
    }
  });
  await Promise.all(workers);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, idx)];
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export interface BenchServer {
  database: Database;
  built: BuiltApp;
  /** Access token of the benchmark's admin. */
  token: string;
  close: () => Promise<void>;
}

/** The real app on a fresh database of `kind`, with an admin signed in. */
export async function startBenchServer(
  kind: DbKind,
  options: { startChannels?: boolean; factories?: BuildAppOptions['factories'] } = {},
): Promise<BenchServer> {
  const { database, drop } = await openBenchDatabase(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0' });
  const built = await buildApp({
    config,
    database,
    secrets: { jwtSecret: randomBytes(32).toString('hex'), jwtRefreshSecret: randomBytes(32).toString('hex') },
    serveWeb: false,
    startChannels: options.startChannels,
    factories: options.factories,
  });
  const close = async () => {
    await built.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await database.db
      .insert(users)
      .values({ name: 'Bench admin', email: 'bench@x.io', passwordHash: await hashPassword('benchpass'), profile: 'admin' });
    const res = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'bench@x.io', password: 'benchpass' } });
    return { database, built, token: res.json<{ token: string }>().token, close };
  } catch (err) {
    await close();
    throw err;
  }
}
