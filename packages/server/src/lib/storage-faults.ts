/**
 * Whether the database is taking writes, as the requests see it. A request that failed because
 * storage failed (isDatabaseUnavailable: disk full, connection lost or refused, too many clients,
 * read-only) is recorded; any later request that changed something successfully clears it. While
 * the last word is a failure, and it is recent, /api/health answers 503 "database writes failing"
 * even though a plain read still works (a full disk refuses writes, never `select 1`).
 */

/** How long a storage failure with no successful write after it keeps health at 503. */
export const WRITE_FAULT_WINDOW_MS = 60_000;

export class StorageFaults {
  private lastFaultAt = 0;
  private lastWriteAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  fault(): void {
    this.lastFaultAt = this.now();
  }

  /** A request that changes data succeeded: storage takes writes again. */
  wrote(): void {
    this.lastWriteAt = this.now();
  }

  /** True when the last write-side outcome was a storage failure within the window. */
  writesFailing(): boolean {
    return this.lastFaultAt > this.lastWriteAt && this.now() - this.lastFaultAt < WRITE_FAULT_WINDOW_MS;
  }
}
