/**
 * A transaction the database aborted as a deadlock victim or for a serialization failure is run
 * again from the start; any other failure is the caller's at once.
 */
import { describe, expect, it } from 'vitest';
import { retryTransaction } from './retry-transaction.js';

/** As the drivers report it: the PostgreSQL error as the cause of drizzle's. */
const pgFailure = (code: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });

describe('retryTransaction', () => {
  it('runs again after a deadlock and a serialization failure, and answers what the last run gave', async () => {
    const failures = [pgFailure('40P01'), pgFailure('40001')];
    let runs = 0;
    const answer = await retryTransaction(() => {
      runs++;
      const failure = failures.shift();
      return failure ? Promise.reject(failure) : Promise.resolve('committed');
    });
    expect(answer).toBe('committed');
    expect(runs).toBe(3);
  });

  it('does not run again after another failure', async () => {
    let runs = 0;
    const unique = pgFailure('23505');
    await expect(
      retryTransaction(() => {
        runs++;
        return Promise.reject(unique);
      }),
    ).rejects.toBe(unique);
    expect(runs).toBe(1);
  });

  it('gives up after its attempts, with the last failure', async () => {
    let runs = 0;
    await expect(
      retryTransaction(() => {
        runs++;
        return Promise.reject(pgFailure('40P01'));
      }),
    ).rejects.toThrow('Failed query');
    expect(runs).toBe(10);
  });
});
