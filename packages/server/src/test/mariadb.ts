/**
 * A throw-away MariaDB server (Debian's mariadb-server) on a free port, for tests that read a
 * MySQL-family database. Its data lives in a temporary directory removed at stop.
 *
 * A run that is interrupted never stops its servers; the directory's name says when it was made
 * and which test process owns it (sb-mariadb-<created, epoch s>-<owner pid>-<random>), so the next
 * run's sweep (sweepMariaDbServers, from the global setup) ends the server of an owner that is
 * gone — by the pid file in that directory, only when that process serves that directory — and
 * removes the directory.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { freePort } from './free-port.js';
import { STALE_AFTER_MS } from './test-databases.js';

const SERVER = ['/usr/sbin/mariadbd', '/usr/sbin/mysqld'].find((p) => fs.existsSync(p));
const INSTALL_DB = ['/usr/bin/mariadb-install-db', '/usr/bin/mysql_install_db'].find((p) => fs.existsSync(p));

export const MARIADB_AVAILABLE = SERVER !== undefined && INSTALL_DB !== undefined;

export interface TestMariaDb {
  /** mysql://root@127.0.0.1:<port>/<database> */
  url: string;
  stop(): Promise<void>;
}

export async function startMariaDb(database = 'whaticket'): Promise<TestMariaDb> {
  if (!SERVER || !INSTALL_DB) throw new Error('MariaDB is not installed (apt-get install mariadb-server)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${DIR_PREFIX}${Math.floor(Date.now() / 1000)}-${process.pid}-`));
  const dataDir = path.join(dir, 'data');
  const install = spawnSync(
    INSTALL_DB,
    ['--no-defaults', `--datadir=${dataDir}`, '--auth-root-authentication-method=normal', '--skip-test-db', '--user=root'],
    {
      encoding: 'utf8',
    },
  );
  if (install.status !== 0) throw new Error(`mariadb-install-db failed: ${install.stderr}`);
  const port = await freePort();
  const child: ChildProcess = spawn(
    SERVER,
    [
      '--no-defaults',
      `--datadir=${dataDir}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${path.join(dir, 'mysqld.sock')}`,
      `--pid-file=${path.join(dir, 'mysqld.pid')}`,
      '--skip-grant-tables',
      '--user=root',
      '--innodb-buffer-pool-size=32M',
    ],
    { stdio: 'ignore' },
  );
  let exited = false;
  child.once('exit', () => (exited = true));
  const root = `mysql://root@127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error('mariadbd exited during start-up');
    try {
      const c = await mysql.createConnection(root);
      await c.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4`);
      await c.end();
      break;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    url: `${root}/${database}`,
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        await new Promise<void>((resolve) => {
          if (exited) return resolve();
          child.once('exit', () => resolve());
          setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, 15_000).unref();
        });
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const DIR_PREFIX = 'sb-mariadb-';
const DIR_NAME = /^sb-mariadb-(\d+)-(\d+)-/;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Ends the servers interrupted runs left and removes their directories: those whose owning test
 * process is gone, and those of the older naming (no owner) made over STALE_AFTER_MS ago. Returns
 * the directories removed.
 */
export function sweepMariaDbServers(now = Date.now(), tmp = os.tmpdir()): string[] {
  const removed: string[] = [];
  for (const entry of fs.readdirSync(tmp)) {
    if (!entry.startsWith(DIR_PREFIX)) continue;
    const dir = path.join(tmp, entry);
    const named = DIR_NAME.exec(entry);
    const stale = named ? !alive(Number(named[2])) : now - fs.statSync(dir).mtimeMs > STALE_AFTER_MS;
    if (!stale) continue;
    const pidFile = path.join(dir, 'mysqld.pid');
    const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').trim()) : NaN;
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
      // Only the server of this directory: a recycled pid may be anything else by now.
      const cmdline = fs.existsSync(`/proc/${pid}/cmdline`) ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
      if (cmdline.includes(`--datadir=${path.join(dir, 'data')}`)) process.kill(pid, 'SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}
