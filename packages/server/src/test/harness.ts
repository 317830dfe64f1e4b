/**
 * A complete server for one test file: a fresh database (in-memory PGlite, or a new PostgreSQL
 * database when TEST_DB=postgres; either a copy of one migrated per run), the real app, and
 * helpers to sign in and call the API.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions, type BuiltApp } from '../app.js';
import { reportResponseMismatch } from './response-contract.js';
import { loadConfig, type Config } from '../config.js';
import { systemClock, type Clock } from '../context.js';
import { openDatabase, type Database, type DatabaseOptions } from '../db/client.js';
import { users } from '../db/schema.js';
import { AUTH_ROUTES, USER_ROUTES, type UserCreateBody } from '@switchboard/shared';
import { hashPassword } from '../lib/passwords.js';
import { routeCallOn, type RouteCall } from './route-call.js';
import { createDatabase, databaseUrl, dropDatabase, newInstallation, testDatabaseName } from './test-databases.js';

export const TEST_DB_KIND = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const ADMIN_EMAIL = 'admin@test.local';
export const ADMIN_PASSWORD = 'admin-password';

export interface TestDatabase {
  database: Database;
  /** Its connection string, for another process to open it (PostgreSQL only: PGlite lives in this one). */
  url?: string;
  drop: () => Promise<void>;
}

/**
 * A fresh database of the kind under test, already migrated: a copy of the database the run's
 * global setup migrated (test/test-databases.ts). `logQuery` sees every statement.
 */
export async function openTestDatabase({ logQuery }: Pick<DatabaseOptions, 'logQuery'> = {}): Promise<TestDatabase> {
  if (TEST_DB_KIND === 'pglite') {
    const database = await openDatabase({ logQuery, loadDataDir: pgliteSnapshot() });
    await newInstallation(database.db);
    return { database, drop: () => database.close().catch(() => undefined) };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = testDatabaseName(inject('testDatabaseRun'));
  await createDatabase(baseUrl, name, inject('testDatabaseTemplate'));
  const url = databaseUrl(baseUrl, name);
  const database = await openDatabase({ url, poolSize: 5, logQuery });
  await newInstallation(database.db);
  return {
    database,
    url,
    drop: async () => {
      await database.close().catch(() => undefined);
      await dropDatabase(baseUrl, name);
    },
  };
}

let snapshot: Uint8Array<ArrayBuffer> | undefined;
/** The migrated PGlite data directory, read once per test process; each database loads its own copy. */
function pgliteSnapshot(): Blob {
  snapshot ??= new Uint8Array(fs.readFileSync(inject('pgliteSnapshot')));
  return new Blob([snapshot]);
}

export interface TestServerOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** Reuse a database (e.g. to simulate a restart); it is not dropped on close. */
  database?: Database;
  /**
   * Channel driver factories. By default WhatsApp sessions are not started (tests have no network
   * to reach WhatsApp): such connections show DISCONNECTED; the simulator runs as in production.
   */
  factories?: BuildAppOptions['factories'];
  /** As the embedded database in production: leases left at boot are a dead process's. */
  soleProcess?: boolean;
  /** Automation options, e.g. `{ scheduler: false }` to leave the scheduled jobs to another process or to the test. */
  automation?: BuildAppOptions['automation'];
  /** Web Push retry timings. */
  push?: BuildAppOptions['push'];
}

export interface TestServer extends BuiltApp {
  config: Config;
  /** The app's clock: the options' (e.g. a TestClock, test/clock.ts), else the system's. */
  clock: Clock;
  database: Database;
  adminToken: string;
  /** A typed request of the shared route table: `s.call(ROUTES.tags.show, token, { params: { id } })`. */
  call: RouteCall;
  /** Signs in and returns the access token. */
  login(email: string, password: string): Promise<string>;
  /** Creates a user through the API as the admin and returns it with a token. */
  createUser(fields?: Record<string, unknown>): Promise<{ id: number; email: string; password: string; token: string }>;
  /** Starts listening on a random port; returns the base URL. */
  listen(): Promise<string>;
  stop(): Promise<void>;
}

let seq = 0;

export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const testDb = options.database ? null : await openTestDatabase();
  const database = options.database ?? testDb!.database;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0', ...options.env });
  const clock = options.clock ?? systemClock;
  const built = await buildApp({
    config,
    database,
    secrets: {
      jwtSecret: config.jwtSecret ?? randomBytes(32).toString('hex'),
      jwtRefreshSecret: config.jwtRefreshSecret ?? randomBytes(32).toString('hex'),
    },
    clock,
    serveWeb: false,
    factories: options.factories ?? { whatsapp: undefined },
    soleProcess: options.soleProcess,
    automation: options.automation,
    push: options.push,
    checkResponses: reportResponseMismatch,
  });
  await database.db
    .insert(users)
    .values({ name: 'Admin', email: ADMIN_EMAIL, passwordHash: await hashPassword(ADMIN_PASSWORD), profile: 'admin', allTicket: true })
    .onConflictDoNothing();

  const call = routeCallOn(() => built.app);
  const login = async (email: string, password: string) => {
    const res = await call(AUTH_ROUTES.login, null, { body: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
    return res.answer().token;
  };
  const adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);

  return {
    ...built,
    config,
    clock,
    database,
    adminToken,
    call,
    login,
    async createUser(fields = {}) {
      const n = ++seq;
      // Tests pass any fields (some on purpose beyond the schema's): the server is the judge.
      const body = { name: `Agent ${n}`, email: `agent${n}-${Date.now()}@test.local`, password: 'secret1', ...fields } as UserCreateBody;
      const res = await call(USER_ROUTES.create, adminToken, { body });
      if (res.statusCode !== 201) throw new Error(`createUser failed: ${res.statusCode} ${res.body}`);
      const token = await login(body.email, body.password);
      return { id: res.answer().id, email: body.email, password: body.password, token };
    },
    async listen() {
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = built.app.server.address();
      if (!addr || typeof addr === 'string') throw new Error('no address');
      return `http://127.0.0.1:${addr.port}`;
    },
    async stop() {
      await built.close();
      await testDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Authorization header for app.inject. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
