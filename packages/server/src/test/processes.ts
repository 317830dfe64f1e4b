/**
 * Several server processes on one database, as behind a load balancer: each `start` builds one
 * more app on the group's database (opened on the first start), `stop` ends one as its process
 * exiting would, and `close` ends the rest, their sockets and the database. A test file opens
 * a group and closes it in `afterAll`.
 *
 * `spawnServer` starts one in a real child process instead (src/main.ts, as `npm run dev` does),
 * on a PostgreSQL test database: a test can kill it for real (SIGKILL), mid-transaction if it likes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import { createTestServer, openTestDatabase, type TestDatabase, type TestServer, type TestServerOptions } from './harness.js';

export interface ProcessGroup {
  /** The group's database; opened by the first `start`. */
  readonly database: () => TestDatabase;
  /** Sockets opened by the test (pass to `connectedClient`); closed by `close`. */
  readonly sockets: Socket[];
  start(options?: Omit<TestServerOptions, 'database'>): Promise<TestServer>;
  stop(server: TestServer): Promise<void>;
  close(): Promise<void>;
}

export function processGroup(): ProcessGroup {
  let testDb: TestDatabase | undefined;
  const servers: TestServer[] = [];
  const sockets: Socket[] = [];
  return {
    database: () => {
      if (!testDb) throw new Error('processGroup: start a process first');
      return testDb;
    },
    sockets,
    async start(options = {}) {
      testDb ??= await openTestDatabase();
      const server = await createTestServer({ ...options, database: testDb.database });
      servers.push(server);
      return server;
    },
    async stop(server) {
      servers.splice(servers.indexOf(server), 1);
      await server.close();
    },
    async close() {
      for (const socket of sockets) socket.close();
      for (const server of servers.splice(0)) await server.close().catch(() => undefined);
      await testDb?.drop();
    },
  };
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Its base URL, once it listens. */
  url: Promise<string>;
  /** What it wrote so far (for failure messages). */
  output: () => string;
  /** Resolves with the exit code or signal when it is gone. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** Kills it (SIGKILL by default: no shutdown, no lease released, transactions cut) and waits for the end. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The server in a child process on `databaseUrl` (PostgreSQL: a PGlite database lives in the test's
 * own process), with a data directory of its own and a clean environment (only what is given here).
 */
export function spawnServer(databaseUrl: string, env: Record<string, string> = {}): ServerProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-child-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src/main.ts')], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: os.tmpdir(),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  void exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const url = new Promise<string>((resolve, reject) => {
    const check = () => {
      const m = /running at (http:\/\/\S+)/.exec(output);
      if (m) resolve(m[1].replace('localhost', '127.0.0.1'));
    };
    child.stdout.on('data', check);
    void exited.then((how) => reject(new Error(`server process ended (${String(how)}) before listening:\n${output}`)));
  });
  // Nobody may be waiting on it: a rejection here is read by the test through `url` when it does.
  url.catch(() => undefined);
  return {
    child,
    url,
    output: () => output,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
