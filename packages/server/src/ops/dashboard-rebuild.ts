/**
 * `npm run dashboard:rebuild`: the dashboard's figures (store/dashboard-rollups.ts, and the distinct
 * tickets of store/dashboard-tickets.ts) recounted from the raw cycles and ratings, in one
 * transaction. The running server keeps them itself; this is for
 * data written by other means (a restore of an older backup, a repair by hand).
 *
 * On PostgreSQL it runs beside a running server: the rebuild's table lock holds the writers for
 * the moment it takes. The embedded database is one process's, so the server must be stopped.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { lockDataDir } from '../lib/data-dir.js';
import { rowsOf } from '../lib/sql.js';
import { rebuildDashboardRollups } from '../store/dashboard-rollups.js';

/**
 * Recounts and answers how many rows the figures now have. The schema is brought up to this
 * version first, as the server does when it starts (a data directory of an older one has no figures yet).
 */
export async function rebuildOn(database: Database): Promise<number> {
  await database.migrate();
  await database.db.transaction((tx) => rebuildDashboardRollups(tx));
  const [row] = rowsOf(await database.db.execute(sql`select count(*)::int as n from dashboard_rollups`));
  return Number(row.n);
}

export async function rebuildDashboard(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<number> {
  if (config.databaseUrl) {
    const database = await openDatabase({ url: config.databaseUrl, poolSize: 1 });
    try {
      return await rebuildOn(database);
    } finally {
      await database.close();
    }
  }
  // Refused (DataDirLockedError, "stop the server first") while a server holds the data directory.
  const lock = await lockDataDir(config.dataDir, () => process.exit(75));
  try {
    const database = await openDatabase({ dataDir: path.join(config.dataDir, 'pg') });
    try {
      return await rebuildOn(database);
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}
