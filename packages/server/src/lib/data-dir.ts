/**
 * The data directory: an exclusive lock so two processes never open the same embedded database,
 * and the secrets generated once and kept there.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export class DataDirLockedError extends Error {}

/** How often the holder rewrites its lock file, and how long an unchanged one is trusted. */
export interface LockTiming {
  heartbeatMs: number;
  staleAfterMs: number;
}
export const DEFAULT_LOCK_TIMING: LockTiming = { heartbeatMs: 2_000, staleAfterMs: 15_000 };

export interface DataDirLock {
  release(): void;
}

interface LockContent {
  owner: string;
  pid: number;
  host: string;
  /** Kernel boot id + PID namespace: where `pid` means something (see sameProcessSpace). */
  space: string;
  beat: number;
}

/**
 * The process space a pid belongs to: the kernel's boot id and our PID namespace. Containers on
 * one volume (or hosts sharing it) have different spaces, and there every pid — often 1 — means
 * another process, so liveness can only come from the heartbeat.
 */
function processSpace(): string {
  const read = (f: string, how: () => string) => {
    try {
      return how();
    } catch {
      return `unknown-${f}`;
    }
  };
  const boot = read('boot', () => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
  const pidNs = read('ns', () => fs.readlinkSync('/proc/self/ns/pid'));
  return `${os.hostname()}|${boot}|${pidNs}`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(lockPath: string): LockContent | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockContent>;
    return typeof parsed.owner === 'string' ? (parsed as LockContent) : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Unreadable or from an older version (a bare pid): judged by the heartbeat only.
    return { owner: 'unknown', pid: 0, host: '', space: '', beat: 0 };
  }
}

function createLock(lockPath: string, content: LockContent): void {
  const fd = fs.openSync(lockPath, 'wx', 0o600);
  try {
    fs.writeSync(fd, JSON.stringify(content));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sameContent = (a: LockContent | null, b: LockContent | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Takes `<dir>/server.lock`: a heartbeat lock that holds across PID namespaces and hosts sharing
 * the volume. The holder rewrites the file (owner id + a counter) every `heartbeatMs`. A newcomer
 * finding the file watches it: if it changes within `staleAfterMs` its holder is alive and this
 * throws before anything in the directory is touched; if it does not, the holder is gone and the
 * lock is taken over. Clocks are never compared, only whether the file moves. A lock left in our
 * own process space by a dead pid is taken at once (a restart after a crash does not wait).
 *
 * `onLost` runs if the file ever stops being ours (another process took it after we stalled
 * longer than the window): the caller must stop writing at once.
 */
export async function lockDataDir(dir: string, onLost: () => void, timing: LockTiming = DEFAULT_LOCK_TIMING): Promise<DataDirLock> {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'server.lock');
  const space = processSpace();
  const mine: LockContent = { owner: randomUUID(), pid: process.pid, host: os.hostname(), space, beat: 0 };
  const inUse = (holder: LockContent) =>
    new DataDirLockedError(
      `The data directory ${dir} is in use by another Switchboard process (pid ${holder.pid}${holder.host ? ` on ${holder.host}` : ''}). ` +
        'Stop it first, or start this one with another DATA_DIR.',
    );

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      createLock(lockPath, mine);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLock(lockPath);
      if (!holder) continue; // released meanwhile
      const here = holder.space === space && holder.pid > 0;
      // Our own pid in our own space is a previous holder whose pid we now have: it is gone.
      const deadHere = here && (holder.pid === process.pid || !isAlive(holder.pid));
      if (!deadHere) {
        if (here) throw inUse(holder);
        // Another process space: alive only if its heartbeat moves.
        const deadline = Date.now() + timing.staleAfterMs;
        while (Date.now() < deadline) {
          await sleep(Math.min(timing.heartbeatMs / 2, 500));
          if (!sameContent(readLock(lockPath), holder)) throw inUse(holder);
        }
      }
      // Stale: replace it only if it is still the very file we judged.
      if (!sameContent(readLock(lockPath), holder)) throw inUse(holder);
      fs.rmSync(lockPath, { force: true });
      continue;
    }

    // Two newcomers replacing the same stale lock: the later file wins; the loser sees it here.
    await sleep(Math.min(timing.heartbeatMs, 200));
    if (readLock(lockPath)?.owner !== mine.owner) throw inUse(readLock(lockPath) ?? mine);
    return holdLock(lockPath, mine, onLost, timing);
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}

/**
 * The heartbeat runs in a worker thread: the embedded database blocks the main thread for long
 * stretches (migrations, big queries), and a heartbeat that stops then would hand the directory
 * to another process while we still write.
 */
const HEARTBEAT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { lockPath, content, heartbeatMs } = workerData;
const mine = { ...content };
const timer = setInterval(() => {
  let current = null;
  try { current = JSON.parse(fs.readFileSync(lockPath, 'utf8')); } catch {}
  if (!current || current.owner !== mine.owner) {
    clearInterval(timer);
    parentPort.postMessage('lost');
    return;
  }
  mine.beat += 1;
  try {
    const temp = lockPath + '.' + mine.owner + '.tmp';
    fs.writeFileSync(temp, JSON.stringify(mine), { mode: 0o600 });
    fs.renameSync(temp, lockPath);
  } catch {
    // A missed beat is retried at the next one; the window allows several.
  }
}, heartbeatMs);
parentPort.on('message', (m) => { if (m === 'stop') { clearInterval(timer); parentPort.close(); } });
`;

function holdLock(lockPath: string, mine: LockContent, onLost: () => void, timing: LockTiming): DataDirLock {
  let released = false;
  const worker = new Worker(HEARTBEAT_WORKER, { eval: true, workerData: { lockPath, content: mine, heartbeatMs: timing.heartbeatMs } });
  worker.unref();
  worker.on('message', (m) => {
    if (m !== 'lost' || released) return;
    released = true;
    onLost();
  });
  worker.on('error', (err) => {
    // Without a heartbeat another process would take the directory over: stop as if lost.
    console.error('data-directory heartbeat failed', err);
    if (!released) {
      released = true;
      onLost();
    }
  });
  return {
    release() {
      if (released) return;
      released = true;
      worker.postMessage('stop');
      void worker.terminate().catch(() => undefined);
      if (readLock(lockPath)?.owner === mine.owner) fs.rmSync(lockPath, { force: true });
    },
  };
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
    jwtRefreshSecret: fromEnv.jwtRefreshSecret ?? stored.jwtRefreshSecret ?? randomBytes(48).toString('base64url'),
  };
  if (secrets.jwtSecret !== stored.jwtSecret || secrets.jwtRefreshSecret !== stored.jwtRefreshSecret) {
    fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
}
