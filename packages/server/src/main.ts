/**
 * The process: configuration → data-dir lock → database → app → listen; clean shutdown on
 * SIGINT/SIGTERM (stop accepting, close sockets, checkpoint and close the database).
 */
import path from 'node:path';
import { buildApp } from './app.js';
import { ensureFirstAdmin } from './bootstrap.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError, loadSecrets, lockDataDir } from './lib/data-dir.js';

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
    unlock = lockDataDir(config.dataDir);
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
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pg') },
  );
  const built = await buildApp({ config, database, secrets });
  const firstAdmin = await ensureFirstAdmin(database.db, config);

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
  if (firstAdmin) {
    const lines = [
      '',
      '  First administrator created',
      `    e-mail:   ${firstAdmin.email}`,
      firstAdmin.generatedPassword
        ? `    password: ${firstAdmin.generatedPassword}   (shown only this once — change it after signing in)`
        : '    password: the value of ADMIN_PASSWORD',
      '',
    ];
    console.log(lines.join('\n'));
  }
  console.log(`Switchboard is running at ${url} (database: ${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
