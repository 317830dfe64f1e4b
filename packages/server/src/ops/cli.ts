/**
 * `npm run backup [-- <folder>]` and `npm run restore -- <folder>` (docs/operations.md "Backup and
 * restore"), and `npm run dashboard:rebuild`, with the server's own configuration (DATA_DIR,
 * DATABASE_URL).
 *
 * backup: PostgreSQL — pg_dump, while the server runs or not. Embedded database — by the running
 * server when there is one (ops/live-backup.ts), else by this process under the data-directory lock.
 * restore: into a data directory no server is using; the embedded database only into one without
 * a database yet, PostgreSQL into the database DATABASE_URL names (its tables are replaced).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir.js';
import { createBackup, restoreBackup, type BackupManifest } from './backup.js';
import { rebuildDashboard } from './dashboard-rebuild.js';
import { REQUEST_FILE, RESULT_FILE, type BackupRequest, type BackupResult } from './live-backup.js';

const LIVE_BACKUP_WAIT_MS = 30 * 60_000;

function defaultTarget(): string {
  return path.resolve('backups', `switchboard-${new Date().toISOString().replace(/[:.]/g, '-')}`);
}

/** Asks the running server for the backup and waits for its answer. */
async function liveBackup(dataDir: string, target: string): Promise<BackupManifest> {
  const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8')) as { pid: number };
  const request: BackupRequest = { id: randomUUID(), target };
  const resultPath = path.join(dataDir, RESULT_FILE);
  fs.rmSync(resultPath, { force: true });
  fs.writeFileSync(path.join(dataDir, REQUEST_FILE), JSON.stringify(request));
  process.kill(lock.pid, 'SIGUSR2');
  const deadline = Date.now() + LIVE_BACKUP_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    if (!fs.existsSync(resultPath)) continue;
    const result = JSON.parse(fs.readFileSync(resultPath, 'utf8')) as BackupResult;
    if (result.id !== request.id) continue;
    fs.rmSync(resultPath, { force: true });
    if (!result.ok) throw new Error(result.error);
    return result.manifest;
  }
  throw new Error(`the running server (pid ${lock.pid}) did not answer the backup request`);
}

async function backup(target: string): Promise<BackupManifest> {
  const config = loadConfig();
  if (config.databaseUrl) {
    const database = await openDatabase({ url: config.databaseUrl, poolSize: 1 });
    try {
      return await createBackup({ database, dataDir: config.dataDir, target, databaseUrl: config.databaseUrl });
    } finally {
      await database.close();
    }
  }
  let lock;
  try {
    lock = await lockDataDir(config.dataDir, () => process.exit(75));
  } catch (err) {
    if (err instanceof DataDirLockedError) return liveBackup(config.dataDir, target);
    throw err;
  }
  try {
    const database = await openDatabase({ dataDir: path.join(config.dataDir, 'pg') });
    try {
      return await createBackup({ database, dataDir: config.dataDir, target });
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

async function restore(source: string): Promise<BackupManifest> {
  const config = loadConfig();
  const lock = await lockDataDir(config.dataDir, () => process.exit(75));
  try {
    return await restoreBackup({ source, dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  } finally {
    lock.release();
  }
}

async function main(): Promise<void> {
  const [command, folder] = process.argv.slice(2);
  if (command === 'backup') {
    const target = path.resolve(folder ?? defaultTarget());
    const manifest = await backup(target);
    console.log(
      `Backup written to ${target}: ${manifest.tickets} tickets, ${manifest.messages} messages, ${manifest.files} files (${manifest.kind}).`,
    );
  } else if (command === 'restore' && folder) {
    const manifest = await restore(path.resolve(folder));
    console.log(
      `Restored ${manifest.tickets} tickets, ${manifest.messages} messages and ${manifest.files} files from the backup of ${manifest.createdAt}. Start the server to use it.`,
    );
  } else if (command === 'dashboard:rebuild') {
    const rows = await rebuildDashboard(loadConfig());
    console.log(`Dashboard figures recounted from the tickets' history: ${rows} rows (day × attendant × sector).`);
  } else {
    console.error('usage: npm run backup [-- <folder>]  |  npm run restore -- <backup folder>  |  npm run dashboard:rebuild');
    process.exit(64);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
