/**
 * The data directory: an exclusive lock so two processes never open the same embedded database,
 * and the secrets generated once and kept there.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dir>/server.lock` (created exclusively, holding our pid). A lock left by a dead process is
 * taken over; a live one makes this throw before anything in the directory is touched.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Switchboard process (pid ${holder}). ` +
            'Stop it first, or start this one with another DATA_DIR.',
        );
      }
      fs.unlinkSync(lockPath); // stale lock of a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}

export interface Secrets {
  jwtSecret: string;
  jwtRefreshSecret: string;
}

/** Secrets from the environment, else generated once and kept in `<dir>/secrets.json` (mode 600). */
export function loadSecrets(dir: string, fromEnv: Partial<Secrets>): Secrets {
  if (fromEnv.jwtSecret && fromEnv.jwtRefreshSecret) return fromEnv as Secrets;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    jwtSecret: fromEnv.jwtSecret ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    jwtRefreshSecret:
      fromEnv.jwtRefreshSecret ?? stored.jwtRefreshSecret ?? randomBytes(48).toString('base64url'),
  };
  if (secrets.jwtSecret !== stored.jwtSecret || secrets.jwtRefreshSecret !== stored.jwtRefreshSecret) {
    fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
}
