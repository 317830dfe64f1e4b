/**
 * A DriverContext for contract tests: keeps the auth state in memory (shared across driver
 * restarts, like the database), records every event, and lets a test wait for one.
 */
import { systemClock } from '../../context.js';
import type { AuthStore, DriverContext, DriverEvent } from '../driver.js';

export class MemoryAuthStore implements AuthStore {
  readonly data = new Map<string, string>();
  get(key: string) {
    return Promise.resolve(this.data.get(key));
  }
  set(entries: Record<string, string | null>) {
    for (const [k, v] of Object.entries(entries)) {
      if (v === null) this.data.delete(k);
      else this.data.set(k, v);
    }
    return Promise.resolve();
  }
  clear() {
    this.data.clear();
    return Promise.resolve();
  }
}

type Waiter = { match: (e: DriverEvent) => boolean; resolve: (e: DriverEvent) => void };

export class RecordingContext implements DriverContext {
  readonly events: DriverEvent[] = [];
  /** Raw payloads by external id, as the messages table keeps them for getMessage. */
  readonly raws = new Map<string, string>();
  private waiters: Waiter[] = [];
  readonly log = { info: () => undefined, warn: () => undefined, error: (obj: unknown, msg?: string) => this.errors.push({ obj, msg }) };
  readonly errors: { obj: unknown; msg?: string }[] = [];
  readonly clock = systemClock;

  constructor(
    readonly connectionId: number,
    readonly auth: AuthStore,
  ) {}

  emit(event: DriverEvent): void {
    this.events.push(event);
    if (event.type === 'message' && event.message.raw) this.raws.set(event.message.externalId, event.message.raw);
    for (const w of [...this.waiters]) {
      if (w.match(event)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
  }

  getMessage(externalId: string): Promise<string | undefined> {
    return Promise.resolve(this.raws.get(externalId));
  }

  /** The first event (already recorded or still to come) matching `match`. */
  waitFor<T extends DriverEvent>(match: (e: DriverEvent) => e is T, what: string, timeoutMs?: number): Promise<T>;
  waitFor(match: (e: DriverEvent) => boolean, what: string, timeoutMs?: number): Promise<DriverEvent>;
  waitFor(match: (e: DriverEvent) => boolean, what: string, timeoutMs = 15_000): Promise<DriverEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`timed out waiting for ${what}; events: ${this.events.map(describe).join(', ')}`));
      }, timeoutMs);
      const waiter: Waiter = {
        match,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** Forgets recorded events (a restart starts a new story). */
  reset(): void {
    this.events.length = 0;
  }
}

function describe(e: DriverEvent): string {
  if (e.type === 'status') return `status ${e.status}${e.reason ? ` (${e.reason})` : ''}`;
  if (e.type === 'message') return `message ${e.message.kind}`;
  if (e.type === 'ack') return `ack ${e.ack}`;
  return e.type;
}
