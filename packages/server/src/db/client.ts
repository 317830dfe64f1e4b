/**
 * One database API over two engines: embedded PGlite (a real PostgreSQL compiled to WASM, data in
 * DATA_DIR) or a PostgreSQL server. Both speak the same SQL, so services never branch on the engine.
 */
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { is, sql, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ResilientListener, type ListenOptions } from './listener.js';
import { initialiseInChildProcess, isInitialised, openPglite } from './pglite-engine.js';
import * as schema from './schema.js';
import { openCommitHooks, runCommitHooks } from './at-commit.js';

/** Renders drizzle SQL to text and parameters for statements run on the driver directly. */
const dialect = new PgDialect();

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept `Db | Tx` where they may run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Flush and close (PGlite runs CHECKPOINT first so nothing is replayed at the next start). */
  close(): Promise<void>;
  /**
   * LISTEN on a notification channel (NOTIFY is `select pg_notify(channel, payload)` through db).
   * Resolves to an unsubscribe function. On PostgreSQL a lost listening connection is re-established
   * and `onResubscribed` called, so the subscriber can re-read what it may have missed.
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  /**
   * Runs a statement of constant text (its values as parameters) under `name`: PostgreSQL parses
   * and plans it once per connection instead of at every run, which matters for a statement as
   * large as the inbound write, run for every batch. PGlite runs it as usual. Rows come as the
   * driver gives them (no column mapping).
   */
  executeNamed(name: string, query: SQL): Promise<Record<string, unknown>[]>;
  /** This process's connections (PGlite: its one, in use) and the queries waiting for one (metrics). */
  poolStats(): { total: number; idle: number; waiting: number };
  /**
   * PGlite only: the whole data directory as a gzipped tarball, taken between two statements (so
   * consistent while the server runs). Null on PostgreSQL, which pg_dump backs up.
   */
  dumpDataDir: (() => Promise<Blob>) | null;
}

/**
 * Every transaction runs its commit hooks (db/at-commit.ts) as its last statements: done here once
 * so that no writer can forget them (the dashboard figures a transaction moved are written so).
 */
function withCommitHooks(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((run: (tx: Tx) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) =>
    transaction(async (tx) => {
      openCommitHooks(tx);
      const result = await run(tx);
      await runCommitHooks(tx);
      return result;
    }, config)) as Db['transaction'];
  return db;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Runs reads side by side on the pool, or one after the other inside a transaction: a transaction
 * is one connection, which runs one statement at a time (node-postgres would only queue the
 * overlapping ones, a use it deprecates).
 */
export async function readAll<T extends readonly (() => PromiseLike<unknown>)[]>(
  db: DbOrTx,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!is(db, PgTransaction))
    return (await Promise.all(reads.map((read) => read()))) as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

export interface DatabaseOptions {
  /** postgres:// URL; absent → PGlite. */
  url?: string;
  /** PGlite data directory; absent → in memory (tests). */
  dataDir?: string;
  /** In memory: start from this dump of a data directory (tests copy one migrated database). */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * Create a new PGlite data directory in this process. By default a child process creates it
   * (db/pglite-engine.ts), so initdb's memory is not kept by the server.
   */
  initialiseHere?: boolean;
  /** Told every statement the services run, with its parameters (tests count the reads of an action). */
  logQuery?: (query: string, params: unknown[]) => void;
}

function queryLogger({ logQuery }: DatabaseOptions) {
  return logQuery ? { logQuery } : undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    // Sessions run in UTC; business time uses the timezone setting, never the server clock's zone.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: '-c TimeZone=UTC',
    });
    pool.on('error', () => undefined);
    const db = withCommitHooks(drizzlePg(pool, { schema, logger: queryLogger(options) }));
    return {
      db,
      kind: 'postgres',
      executeNamed: async (name, query) => {
        const { sql: text, params } = dialect.sqlToQuery(query);
        options.logQuery?.(text, params);
        return (await pool.query<Record<string, unknown>>({ name, text, values: params })).rows;
      },
      listen: async (channel, onPayload, listenOptions = {}) => {
        // LISTEN needs one connection of its own for as long as it listens.
        const listener = new ResilientListener(options.url!, channel, onPayload, listenOptions);
        await listener.start();
        return () => listener.stop();
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      dumpDataDir: null,
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir && !options.initialiseHere && !isInitialised(options.dataDir)) await initialiseInChildProcess(options.dataDir);
  const client = await openPglite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  await client.exec("SET TIME ZONE 'UTC'");
  const db = withCommitHooks(drizzlePglite(client, { schema, logger: queryLogger(options) }));
  return {
    db,
    kind: 'pglite',
    executeNamed: async (_name, query) => {
      const result = (await db.execute(query)) as { rows: Record<string, unknown>[] };
      return result.rows;
    },
    poolStats: () => ({ total: 1, idle: 0, waiting: 0 }),
    dumpDataDir: async () => {
      // Written pages first, so the copy needs no recovery when it is opened.
      await db.execute(sql`CHECKPOINT`);
      return client.dumpDataDir('gzip');
    },
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: async () => {
      try {
        await db.execute(sql`CHECKPOINT`);
      } finally {
        await client.close();
      }
    },
  };
}
