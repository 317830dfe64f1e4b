/**
 * The process: configuration → data-dir lock → database → app → listen; clean shutdown on
 * SIGINT/SIGTERM (stop accepting, close sockets, checkpoint and close the database).
 */
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.js';
import { ensureFirstAdmin } from './bootstrap.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError, loadSecrets, lockDataDir } from './lib/data-dir.js';
import { logUnhandledRejections } from './lib/unhandled-rejections.js';
import { answerBackupRequests } from './ops/live-backup.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }

  let unlock: () => void;
  try {
    const lock = await lockDataDir(config.dataDir, () => {
      // Another process took the directory over (we stalled past the heartbeat window): writing
      // on would corrupt its database, so stop at once without closing (closing writes).
      console.error(`The lock on the data directory ${config.dataDir} was taken over by another process; stopping.`);
      process.exit(75);
    });
    unlock = () => lock.release();
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(75);
    }
    throw err;
  }

  const secrets = loadSecrets(config.dataDir, {
    jwtSecret: config.jwtSecret,
    jwtRefreshSecret: config.jwtRefreshSecret,
  });
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pg') });
  const built = await buildApp({ config, database, secrets, soleProcess: database.kind === 'pglite' });
  logUnhandledRejections(process, built.app.log);
  const firstAdmin = await ensureFirstAdmin(database.db, config);
  // `npm run backup` asks this process for the embedded database's snapshot (ops/live-backup.ts).
  if (database.kind === 'pglite') answerBackupRequests(database, config.dataDir, built.app.log);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    built.app.log.info({ signal }, 'shutting down');
    try {
      await built.close();
      await database.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await built.app.listen({ port: config.port, host: config.host });
  // The port actually bound (PORT=0 asks the system for a free one).
  const address = built.app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const url = `http://localhost:${port}`;
  // The banner is the last thing a first run prints, so the generated password stays on screen.
  // The logger writes asynchronously: the banner goes through the logger's own output stream, behind
  // every start-up line already queued there (a direct console.log could overtake them).
  printAfterLogs(built.app.log, startBanner(url, database.kind, firstAdmin));
}

function printAfterLogs(log: unknown, text: string): void {
  const stream = (log as Record<symbol, { write?: (chunk: string) => unknown } | undefined>)[pino.symbols.streamSym];
  if (stream?.write) stream.write(`${text}\n`);
  else console.log(text);
}

/** The closing lines of a start: where to open the app and, on a first run, how to sign in. */
function startBanner(url: string, databaseKind: string, firstAdmin: Awaited<ReturnType<typeof ensureFirstAdmin>>): string {
  const running = `Switchboard is running at ${url} (database: ${databaseKind})`;
  if (!firstAdmin) return running;
  const rule = '='.repeat(78);
  return [
    '',
    rule,
    '  First administrator created — sign in with:',
    `    e-mail:   ${firstAdmin.email}`,
    firstAdmin.generatedPassword
      ? `    password: ${firstAdmin.generatedPassword}   (shown only this once — change it after signing in)`
      : '    password: the value of ADMIN_PASSWORD',
    `  ${running}`,
    rule,
    '',
  ].join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
