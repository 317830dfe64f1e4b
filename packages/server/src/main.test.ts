/**
 * The process as `npm start` runs it: the built server (dist/main.js) in child processes. Data-dir
 * lock, clean shutdown, first-admin bootstrap across restarts, configuration errors, health.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_DB_KIND } from './test/harness.js';
import { testDatabaseName } from './test/test-databases.js';

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

function start(env: Record<string, string>, wrapper: string[] = []): Run {
  const [command, ...args] = [...wrapper, process.execPath, mainJs];
  const child = spawn(command, args, {
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
  child.stdout.on('data', (d) => (run.stdout += d));
  child.stderr.on('data', (d) => (run.stderr += d));
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
      // The lock file is the running server's heartbeat: it changes by design.
      if (d === dir && entry.name === 'server.lock') continue;
      const p = path.join(d, entry.name);
      const rel = path.relative(dir, p);
      // The running server writes its own database at any moment (lease renewals): inside it only
      // the file names are compared; everything else must be untouched to the millisecond.
      const insideDatabase = rel.startsWith(`pg${path.sep}`);
      const st = fs.statSync(p);
      out[rel] = entry.isDirectory() ? 'dir' : insideDatabase ? 'file' : `${st.size}:${st.mtimeMs}`;
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
      // Named as the run's own test databases, so the run drops it even if this file is interrupted.
      const name = testDatabaseName(inject('testDatabaseRun'));
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

    // First start: creates the admin and prints the generated password once, after every start-up
    // log line, so it is the last thing on screen.
    const first = start({ ...env, LOG_LEVEL: 'info' });
    const url = await runningUrl(first);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lastLog = first.stdout.lastIndexOf('{"level"');
    expect(lastLog, 'start-up logs at info level').toBeGreaterThanOrEqual(0);
    expect(first.stdout.indexOf('First administrator created'), first.stdout).toBeGreaterThan(lastLog);
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
  }, 240_000);

  // Two containers on one volume: each server is PID 1 of its own PID namespace (needs root).
  const canUnshare = (() => {
    try {
      execSync('pgrep --version', { stdio: 'pipe' });
      return (
        process.getuid?.() === 0 &&
        execSync('unshare --pid --fork --mount-proc sh -c "echo \\$\\$"', { stdio: 'pipe' }).toString().trim() === '1'
      );
    } catch {
      return false;
    }
  })();
  const inOwnPidNamespace = ['unshare', '--pid', '--fork', '--kill-child', '--mount-proc'];
  /**
   * `unshare` ignores SIGTERM and does not pass it on, as a container runtime would: signals go to
   * the server itself (PID 1 inside, its own PID outside).
   */
  const signalServer = (run: Run, signal: NodeJS.Signals) => {
    const inner = Number(execSync(`pgrep -P ${run.child.pid}`, { stdio: 'pipe' }).toString().trim().split('\n')[0]);
    process.kill(inner, signal);
  };

  it.skipIf(!canUnshare)(
    'holds the data-directory lock against a server in another PID namespace, and frees it when that one dies',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-proc-'));
      try {
        const env = { DATA_DIR: dir, PORT: '0', ...dbEnv, ADMIN_EMAIL: 'ns@example.com', ADMIN_PASSWORD: 'a-long-secret' };
        const first = start(env, inOwnPidNamespace);
        const url = await runningUrl(first);
        expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toMatch(/^1$|"pid":1\b/);

        // Also PID 1, in another namespace: refused, the first one keeps serving.
        const second = start(env, inOwnPidNamespace);
        expect(await second.exited).toBe(75);
        expect(second.stderr).toMatch(/in use by another Switchboard process/);
        expect((await fetch(`${url}/api/health`)).status).toBe(200);

        // The first one dies without releasing (kill -9): a new server takes over once its heartbeat stops.
        signalServer(first, 'SIGKILL');
        await first.exited;
        const third = start(env, inOwnPidNamespace);
        const url3 = await runningUrl(third);
        // Serving from the same data (on PostgreSQL the database is shared with earlier tests, so the
        // check is the health of a server that opened it, not a particular account).
        expect((await fetch(`${url3}/api/health`)).status).toBe(200);
        signalServer(third, 'SIGTERM');
        expect(await third.exited).toBe(0);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    300_000,
  );

  // Embedded database only: it needs an empty database of its own (the data directory gives one).
  it.skipIf(TEST_DB_KIND === 'postgres')(
    'creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD without printing the password',
    async () => {
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
    },
    180_000,
  );
});
