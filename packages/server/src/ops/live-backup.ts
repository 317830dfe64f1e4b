/**
 * A backup of the embedded database while the server runs. Only the server process may open it
 * (the data-directory lock), so `npm run backup` asks that process: it writes its request to
 * DATA_DIR/backup-request.json and sends the process SIGUSR2; the server takes the backup between
 * two statements and answers in DATA_DIR/backup-result.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client.js';
import { createBackup, type BackupManifest } from './backup.js';

export const REQUEST_FILE = 'backup-request.json';
export const RESULT_FILE = 'backup-result.json';

export interface BackupRequest {
  id: string;
  target: string;
}

export type BackupResult = { id: string; ok: true; manifest: BackupManifest } | { id: string; ok: false; error: string };

/** The server's side: answers each SIGUSR2 by taking the requested backup. */
export function answerBackupRequests(
  database: Database,
  dataDir: string,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
): void {
  let running = false;
  process.on('SIGUSR2', () => {
    if (running) return;
    const requestPath = path.join(dataDir, REQUEST_FILE);
    let request: BackupRequest;
    try {
      request = JSON.parse(fs.readFileSync(requestPath, 'utf8')) as BackupRequest;
      fs.rmSync(requestPath, { force: true });
    } catch (err) {
      log.error({ err }, 'backup requested without a readable request file');
      return;
    }
    running = true;
    const answer = (result: BackupResult) => fs.writeFileSync(path.join(dataDir, RESULT_FILE), JSON.stringify(result));
    log.info({ target: request.target }, 'backup started');
    createBackup({ database, dataDir, target: request.target })
      .then(
        (manifest) => {
          log.info({ target: request.target, manifest }, 'backup written');
          answer({ id: request.id, ok: true, manifest });
        },
        (err: unknown) => {
          log.error({ err, target: request.target }, 'backup failed');
          answer({ id: request.id, ok: false, error: err instanceof Error ? err.message : String(err) });
        },
      )
      .finally(() => {
        running = false;
      });
  });
}
