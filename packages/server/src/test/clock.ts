/**
 * The clock of a test: it starts where the test says and moves only when the test moves it.
 * Given to createTestServer, it is the app's one clock (AppContext.clock): the services, the
 * scheduler, the harness's helpers and the data factories all read the time from it, so a test
 * can cross a working-hours boundary or a token's lifetime without waiting.
 */
import type { Clock } from '../context.js';

export class TestClock implements Clock {
  private t: number;

  constructor(start: string | number | Date = Date.now()) {
    this.t = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.t);
  }

  /** Moves to `at` (an ISO time, epoch milliseconds or a Date); backwards too. */
  set(at: string | number | Date): void {
    this.t = new Date(at).getTime();
  }

  advance(ms: number): void {
    this.t += ms;
  }
}
