/** What /api/health reports about the database: reachable within a moment, and writable. */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { rowsOf } from '../lib/sql.js';

const HEALTH_TIMEOUT_MS = 3_000;

/** Null when the database answers and takes writes; otherwise why not. */
export async function databaseProblem(ctx: AppContext): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('database not answering'), HEALTH_TIMEOUT_MS);
  });
  const check = ctx.db
    .execute(sql`select current_setting('transaction_read_only') as read_only`)
    .then((result) => (rowsOf(result)[0]?.read_only === 'on' ? 'database read-only' : null))
    .catch((err: unknown) => {
      ctx.log.warn({ err }, 'health check: database unreachable');
      return 'database unreachable';
    });
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
