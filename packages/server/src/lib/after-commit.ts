/**
 * Steps that follow a committed change (realtime room updates, receipts, side bookkeeping). The
 * change has happened, so the answer must say so: a failing step is logged with what it was
 * about, never thrown into the request (a 500 would claim the change failed) and never silent.
 * Whatever the answer itself depends on belongs inside the change's transaction instead.
 */
import type { FastifyBaseLogger } from 'fastify';

export async function afterCommit(
  log: Pick<FastifyBaseLogger, 'error'>,
  step: string,
  details: Record<string, unknown>,
  run: () => unknown,
): Promise<void> {
  try {
    await run();
  } catch (err) {
    log.error({ err, step, ...details }, 'step after a committed change failed');
  }
}
