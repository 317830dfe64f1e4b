/**
 * Backups of an installation: its database and the files in its data directory (media, the
 * inbound journal, generated secrets), in one folder a restore brings back.
 *
 *   <backup>/manifest.json      what it holds: database kind, time, counts of tickets, messages, files
 *   <backup>/database.tar.gz    embedded database (PGlite's data directory, taken between statements)
 *   <backup>/database.dump      PostgreSQL (pg_dump custom format)
 *   <backup>/files/…            DATA_DIR without the embedded database and its lock
 *
 * The database is copied first, then the files: media are written before the messages that name
 * them, so every file the copied database refers to is already there (later files are harmless).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { openPglite } from '../db/pglite-engine.js';
import { rowsOf } from '../lib/sql.js';

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  kind: 'pglite' | 'postgres';
  createdAt: string;
  tickets: number;
  messages: number;
  files: number;
}

/**
 * What a backup leaves out of DATA_DIR: the embedded database (copied on its own), live-process
 * files, and `backups` — where backups go in a container, whose only volume is DATA_DIR (each
 * backup would otherwise hold all the earlier ones).
 */
const NOT_FILES = new Set(['pg', 'server.lock', 'backup-request.json', 'backup-result.json', 'backups']);

async function counts(database: Database): Promise<{ tickets: number; messages: number }> {
  const [row] = rowsOf(
    await database.db.execute(sql`select (select count(*) from tickets)::int as tickets, (select count(*) from messages)::int as messages`),
  );
  return { tickets: Number(row?.tickets ?? 0), messages: Number(row?.messages ?? 0) };
}

/**
 * Copies a folder's files (not the excluded top-level names, nor the folder `skip`: a backup
 * written inside DATA_DIR must not copy itself); resolves to how many files.
 */
async function copyTree(from: string, to: string, skip: string, exclude: Set<string> = new Set()): Promise<number> {
  let copied = 0;
  const entries = await fsp.readdir(from, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  await fsp.mkdir(to, { recursive: true });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    if (exclude.has(entry.name) || path.resolve(source) === skip) continue;
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copied += await copyTree(source, target, skip);
    else if (entry.isFile()) {
      await fsp.copyFile(source, target);
      copied += 1;
    }
  }
  return copied;
}

/** Runs pg_dump / pg_restore; rejects with their error output. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err) => reject(new Error(`${command} could not be started (is the PostgreSQL client installed?): ${err.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`))));
  });
}

async function assertEmptyFolder(folder: string): Promise<void> {
  const existing = await fsp.readdir(folder).catch(() => [] as string[]);
  if (existing.length > 0) throw new Error(`${folder} is not empty: a backup goes to a new folder`);
}

/**
 * Backs up a running (or stopped) installation into `target`, a new or empty folder. On PGlite
 * `database` is the server's own open database; on PostgreSQL it is any connection to it and
 * `databaseUrl` is what pg_dump connects with.
 */
export async function createBackup(options: {
  database: Database;
  dataDir: string;
  target: string;
  databaseUrl?: string;
}): Promise<BackupManifest> {
  const { database, dataDir, target } = options;
  await assertEmptyFolder(target);
  await fsp.mkdir(target, { recursive: true });
  const counted = await counts(database);
  if (database.dumpDataDir) {
    const dump = await database.dumpDataDir();
    await fsp.writeFile(path.join(target, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
  } else {
    if (!options.databaseUrl) throw new Error('a PostgreSQL backup needs DATABASE_URL');
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(target, 'database.dump'), options.databaseUrl]);
  }
  const files = await copyTree(dataDir, path.join(target, 'files'), path.resolve(target), NOT_FILES);
  const manifest: BackupManifest = { format: BACKUP_FORMAT, kind: database.kind, createdAt: new Date().toISOString(), ...counted, files };
  await fsp.writeFile(path.join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export function readManifest(source: string): BackupManifest {
  const file = path.join(source, 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${source} is not a backup (no manifest.json)`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`backup format ${manifest.format} is not known to this version`);
  return manifest;
}

/**
 * Restores a backup into `dataDir` (and, for a PostgreSQL backup, into the database at
 * `databaseUrl`). The embedded database is restored only into a data directory without one; the
 * server must not be running on it (the caller holds the data-directory lock).
 */
export async function restoreBackup(options: { source: string; dataDir: string; databaseUrl?: string }): Promise<BackupManifest> {
  const { source, dataDir } = options;
  const manifest = readManifest(source);
  await fsp.mkdir(dataDir, { recursive: true });
  if (manifest.kind === 'pglite') {
    const pgDir = path.join(dataDir, 'pg');
    if ((await fsp.readdir(pgDir).catch(() => [] as string[])).length > 0)
      throw new Error(`${pgDir} already holds a database: restore into a new data directory`);
    const tarball = new Blob([await fsp.readFile(path.join(source, 'database.tar.gz'))]);
    // PGlite unpacks the tarball into the empty directory and starts on it (replaying its log as
    // after a crash); closing writes everything back.
    const client = await openPglite({ dataDir: pgDir, loadDataDir: tarball });
    await client.exec('CHECKPOINT');
    await client.close();
  } else {
    if (!options.databaseUrl) throw new Error('restoring a PostgreSQL backup needs DATABASE_URL');
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--dbname',
      options.databaseUrl,
      path.join(source, 'database.dump'),
    ]);
  }
  await copyTree(path.join(source, 'files'), dataDir, path.resolve(source));
  return manifest;
}
