/**
 * The process as `npm start` runs it: the built server (dist/main.js) in child processes. Data-dir
 * lock, clean shutdown, first-admin bootstrap across restarts, configuration errors, health.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND } from './test/harness.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');
const mainJs = path.join(serverDir, 'dist/main.js');

interface Run {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];

function start(env: Record<string, string>): Run {
  const child = spawn(process.execPath, [mainJs], {
    cwd: repoRoot,
    // A clean environment: only what the test sets, never the developer's DATABASE_URL or secrets.
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const run: Run = {
    child,
    stdout: '',
    stderr: '',
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  child.stdout!.on('data', (d) => (run.stdout += d));
  child.stderr!.on('data', (d) => (run.stderr += d));
  return run;
}

/** Waits for the "running at <url>" line (or the process's end) and returns the URL. */
async function runningUrl(run: Run): Promise<string> {
  const found = await Promise.race([
    new Promise<string>((resolve) => {
      const check = () => {
        const m = /running at (http:\/\/\S+)/.exec(run.stdout);
        if (m) {
          run.child.stdout!.off('data', check);
          resolve(m[1]);
        }
      };
      run.child.stdout!.on('data', check);
      check();
    }),
    run.exited.then((code) => {
      throw new Error(`server exited (${code}) before listening:\n${run.stdout}\n${run.stderr}`);
    }),
  ]);
  return found.replace('localhost', '127.0.0.1');
}

/** Every path under dir with its size and mtime, to prove a refused start touched nothing. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      const st = fs.statSync(p);
      out[path.relative(dir, p)] = entry.isDirectory() ? 'dir' : `${st.size}:${st.mtimeMs}`;
      if (entry.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}

describe('server process', () => {
  let dataDir: string;
  const dbEnv: Record<string, string> = {};
  let dropDb: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    // The tests run what `npm start` runs: the build output.
    execSync('npm run build -w @switchboard/shared && npx tsc -b packages/server', { cwd: repoRoot, stdio: 'pipe' });
    expect(fs.existsSync(mainJs)).toBe(true);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-proc-'));
    if (TEST_DB_KIND === 'postgres') {
      const baseUrl = process.env.TEST_DATABASE_URL!;
      const name = `sb_proc_${randomBytes(6).toString('hex')}`;
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`CREATE DATABASE ${name}`);
      await c.end();
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      dbEnv.DATABASE_URL = url.toString();
      dropDb = async () => {
        const d = new pg.Client({ connectionString: baseUrl });
        await d.connect();
        await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await d.end();
      };
    }
  }, 120_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await dropDb?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a bad environment value with exit code 78, naming the variable', async () => {
    const run = start({ DATA_DIR: path.join(dataDir, 'never'), PORT: 'abc' });
    expect(await run.exited).toBe(78);
    expect(run.stderr).toMatch(/PORT/);
    expect(fs.existsSync(path.join(dataDir, 'never'))).toBe(false);
  });

  it('locks the data directory, shuts down cleanly and keeps the first admin across restarts', async () => {
    const env = { DATA_DIR: dataDir, PORT: '0', ...dbEnv };

    // First start: creates the admin and prints the generated password once.
    const first = start(env);
    const url = await runningUrl(first);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const email = /e-mail:\s+(\S+)/.exec(first.stdout)?.[1];
    const password = /password:\s+(\S+)/.exec(first.stdout)?.[1];
    expect(email).toBeTruthy();
    expect(password).toBeTruthy();
    const login1 = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(login1.status).toBe(200);
    const adminId = (await login1.json()).user.id;
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    // Second start on the same directory: refused, clear message, nothing touched.
    const before = snapshot(dataDir);
    const second = start(env);
    expect(await second.exited).toBe(75);
    expect(second.stderr).toMatch(/in use by another Switchboard process/);
    expect(second.stderr).toContain(dataDir);
    expect(snapshot(dataDir)).toEqual(before);
    // The first one still serves.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    // SIGTERM: exits 0 and releases the lock.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // Third start: works, same admin and password, no password printed this time.
    const third = start(env);
    const url3 = await runningUrl(third);
    expect(third.stdout).not.toContain(password!);
    expect(third.stdout).not.toMatch(/First administrator created/);
    const login3 = await fetch(`${url3}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(login3.status).toBe(200);
    expect((await login3.json()).user.id).toBe(adminId);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 60_000);

  // Embedded database only: it needs an empty database of its own (the data directory gives one).
  it.skipIf(TEST_DB_KIND === 'postgres')('creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD without printing the password', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-proc-'));
    try {
      const run = start({ DATA_DIR: dir, PORT: '0', ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'a-long-secret' });
      const url = await runningUrl(run);
      expect(run.stdout).not.toContain('a-long-secret');
      const res = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boss@example.com', password: 'a-long-secret' }),
      });
      expect(res.status).toBe(200);
      expect((await res.json()).user.profile).toBe('admin');
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
