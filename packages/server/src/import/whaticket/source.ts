/**
 * A Whaticket-family database to read from: MySQL/MariaDB or PostgreSQL, read only. Rows come in
 * pages ordered by a key, so a table of millions of messages never sits in memory.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { DEFAULT_SOURCE_TIMEZONE, SOURCE_TIMEZONE_PATTERN } from '@switchboard/shared';

export type SourceRow = Record<string, unknown>;

export interface SourceDb {
  readonly kind: 'mysql' | 'postgres';
  /** Where the rows come from, without credentials: the import remembers what it took per source. */
  readonly identity: string;
  /** The offset the source's zone-less DATETIMEs are read in (MySQL/MariaDB); null when its times carry their zone. */
  readonly timeZone: string | null;
  /** Every table of the source's schema with its columns. */
  columns(): Promise<Map<string, Set<string>>>;
  /** Up to `limit` rows with `key` greater than `after` (all rows from the start when null), by key. */
  page(table: string, columns: readonly string[], key: string, after: string | number | null, limit: number): Promise<SourceRow[]>;
  /** Every row of a small table (link tables without a single key). */
  all(table: string, columns: readonly string[]): Promise<SourceRow[]>;
  count(table: string): Promise<number>;
  close(): Promise<void>;
}

/** mysql://user:pass@host:3306/db → "mysql://host:3306/db" (the password never reaches a report). */
export function sourceIdentity(url: string): string {
  const u = new URL(url);
  const kind = u.protocol.startsWith('mysql') || u.protocol.startsWith('mariadb') ? 'mysql' : 'postgres';
  return `${kind}://${u.hostname}:${u.port || (kind === 'mysql' ? '3306' : '5432')}${u.pathname}`;
}

export interface SourceTimeouts {
  /** How long connecting to the source may take. */
  connectMs: number;
  /**
   * How long one query may take, waiting for a lock included: a source table locked by the old
   * install, or a server that stops answering, ends the import with an error instead of holding it.
   */
  statementMs: number;
}

export const DEFAULT_SOURCE_TIMEOUTS: SourceTimeouts = { connectMs: 10_000, statementMs: 120_000 };

/** See DEFAULT_SOURCE_TIMEZONE in packages/shared (the admin page offers the same choice). */
export const DEFAULT_MYSQL_TIMEZONE = DEFAULT_SOURCE_TIMEZONE;
export const TIMEZONE_OFFSET_PATTERN = SOURCE_TIMEZONE_PATTERN;

export function openSource(
  url: string,
  timeouts: SourceTimeouts = DEFAULT_SOURCE_TIMEOUTS,
  options: { timeZone?: string } = {},
): Promise<SourceDb> {
  const protocol = new URL(url).protocol;
  const timeZone = options.timeZone ?? DEFAULT_MYSQL_TIMEZONE;
  if (!TIMEZONE_OFFSET_PATTERN.test(timeZone))
    return Promise.reject(new Error(`The source time zone must be an offset such as -03:00 (got ${timeZone})`));
  if (protocol === 'mysql:' || protocol === 'mariadb:')
    return Promise.resolve(openMysql(url.replace(/^mariadb:/, 'mysql:'), timeouts, timeZone));
  if (protocol === 'postgres:' || protocol === 'postgresql:') return Promise.resolve(openPostgres(url, timeouts));
  return Promise.reject(new Error(`--from must be a mysql://, mariadb:// or postgres:// URL (got ${protocol})`));
}

function openMysql(url: string, timeouts: SourceTimeouts, timeZone: string): SourceDb {
  // Only DATETIME and TIMESTAMP columns become instants, read in the source's zone (they carry
  // none); every other value keeps its type — a message whose text looks like a date stays text.
  const pool = mysql.createPool({
    uri: url,
    connectionLimit: 2,
    dateStrings: true,
    typeCast: (field, next) => {
      if (field.type !== 'DATETIME' && field.type !== 'TIMESTAMP') return next();
      const value = field.string();
      return value === null ? null : zonedInstant(value, timeZone);
    },
    supportBigNumbers: true,
    bigNumberStrings: false,
    connectTimeout: timeouts.connectMs,
  });
  // mysql2's per-query timeout is kept by the client (the connection is dropped when it passes), so
  // it holds on MySQL and MariaDB alike and also bounds a wait for a table lock.
  const query = <T extends mysql.RowDataPacket[]>(text: string, values: unknown[] = []) =>
    pool.query<T>({ sql: text, values, timeout: timeouts.statementMs });
  const q = (name: string) => `\`${name.replace(/`/g, '``')}\``;
  const list = (cols: readonly string[]) => cols.map(q).join(', ');
  return {
    kind: 'mysql',
    identity: sourceIdentity(url),
    timeZone,
    async columns() {
      const [rows] = await query<mysql.RowDataPacket[]>(
        'SELECT TABLE_NAME AS t, COLUMN_NAME AS c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()',
      );
      return groupColumns(rows.map((r) => ({ t: String(r.t), c: String(r.c) })));
    },
    async page(table, columns, key, after, limit) {
      const where = after === null ? '' : `WHERE ${q(key)} > ?`;
      const [rows] = await query<mysql.RowDataPacket[]>(
        `SELECT ${list(columns)} FROM ${q(table)} ${where} ORDER BY ${q(key)} LIMIT ${Number(limit)}`,
        after === null ? [] : [after],
      );
      return rows;
    },
    async all(table, columns) {
      const [rows] = await query<mysql.RowDataPacket[]>(`SELECT ${list(columns)} FROM ${q(table)}`);
      return rows;
    },
    async count(table) {
      const [rows] = await query<mysql.RowDataPacket[]>(`SELECT COUNT(*) AS n FROM ${q(table)}`);
      return Number(rows[0].n);
    },
    close: () => pool.end(),
  };
}

function openPostgres(url: string, timeouts: SourceTimeouts): SourceDb {
  const pool = new pg.Pool({
    connectionString: url,
    max: 2,
    options: '-c TimeZone=UTC',
    connectionTimeoutMillis: timeouts.connectMs,
    // The server ends a statement (a lock wait included) past the limit; the client-side limit also
    // covers a server that stops answering altogether.
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + 1_000,
  });
  pool.on('error', () => undefined);
  const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const list = (cols: readonly string[]) => cols.map(q).join(', ');
  return {
    kind: 'postgres',
    identity: sourceIdentity(url),
    // timestamptz: every time carries its instant.
    timeZone: null,
    async columns() {
      const { rows } = await pool.query<{ t: string; c: string }>(
        'SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = current_schema()',
      );
      return groupColumns(rows);
    },
    async page(table, columns, key, after, limit) {
      const where = after === null ? '' : `WHERE ${q(key)} > $1`;
      const { rows } = await pool.query<SourceRow>(
        `SELECT ${list(columns)} FROM ${q(table)} ${where} ORDER BY ${q(key)} LIMIT ${Number(limit)}`,
        after === null ? [] : [after],
      );
      return rows;
    },
    async all(table, columns) {
      return (await pool.query<SourceRow>(`SELECT ${list(columns)} FROM ${q(table)}`)).rows;
    },
    async count(table) {
      return Number((await pool.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${q(table)}`)).rows[0].n);
    },
    close: () => pool.end(),
  };
}

function groupColumns(rows: { t: string; c: string }[]): Map<string, Set<string>> {
  const tables = new Map<string, Set<string>>();
  for (const { t, c } of rows) {
    if (!tables.has(t)) tables.set(t, new Set());
    tables.get(t)!.add(c);
  }
  return tables;
}

/** A MySQL DATETIME ('2024-05-01 12:00:00[.fff]') written in the zone `offset`, as an instant. */
export function zonedInstant(value: string, offset: string): Date {
  return new Date(`${value.replace(' ', 'T')}${offset}`);
}
