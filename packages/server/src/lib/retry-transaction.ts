/**
 * Runs a whole transaction again when PostgreSQL aborted it as a deadlock victim or for a
 * serialization failure. Writers of service cycles update the dashboard's shared day rows
 * (store/dashboard-rollups.ts) after their ticket rows, so two of them can meet in opposite order;
 * the database breaks the tie by failing one, which is then re-run from the start (it rolled back,
 * so nothing of it stays). `run` must be the whole transaction, with no side effect before commit.
 */
import type { Db, Tx } from '../db/client.js';
import { isRetryableConflict } from './app-error.js';

const ATTEMPTS = 10;

export async function retryTransaction<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= ATTEMPTS || !isRetryableConflict(err)) throw err;
      // A short, growing, jittered pause so the two do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/** `run` as one transaction on `db`, run again whole on a deadlock or serialization failure. */
export function retriedTransaction<T>(db: Db, run: (tx: Tx) => Promise<T>): Promise<T> {
  return retryTransaction(() => db.transaction(run));
}
