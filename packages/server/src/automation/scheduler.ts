/**
 * Scheduled automation (directing, rating windows, inactivity, due automatic replies): every few
 * seconds the lease holder polls the database for due work and runs it. All state lives in the
 * database, so a restart resumes where the last process stopped, and each job's write is a
 * conditional update, so even two holders overlapping during a takeover cannot act twice.
 */
import type { AppContext } from '../context.js';
import { Lease } from '../lib/lease.js';

export interface ScheduledJob {
  name: string;
  /** Does what is due at `now`; returns how many items it acted on. */
  run(now: Date): Promise<number>;
}

export interface SchedulerOptions {
  pollMs: number;
  leaseSeconds: number;
  holder: string;
}

export interface TickResult {
  leader: boolean;
  done: Record<string, number>;
}

export const SCHEDULER_LEASE = 'automation-scheduler';

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private readonly lease: Lease;
  private stopped = true;
  /** What the last tick found: this process holds the lease (the metrics' job leader). */
  private leading = false;

  constructor(
    private readonly ctx: AppContext,
    readonly jobs: ScheduledJob[],
    private readonly options: SchedulerOptions,
  ) {
    this.lease = new Lease(ctx.db, SCHEDULER_LEASE, options.holder, options.leaseSeconds);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.runDueJobs().catch(() => undefined);
    this.timer = setInterval(() => void this.runDueJobs().catch(() => undefined), this.options.pollMs);
    this.timer.unref();
  }

  /** Whether this process held the leader lease at its last tick (and has not stopped since). */
  isLeader(): boolean {
    return this.leading && !this.stopped;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running.catch(() => undefined);
    await this.lease.release().catch(() => undefined);
  }

  /**
   * One tick: take or renew the lease and, when held, run every job for `now`. Ticks of one
   * process run one after another, so a test's tick sees the effects of a background one.
   */
  runDueJobs(now?: Date): Promise<TickResult> {
    const tick = this.running.catch(() => undefined).then(() => this.tick(now ?? this.ctx.clock.now()));
    this.running = tick;
    return tick;
  }

  private async tick(now: Date): Promise<TickResult> {
    const done: Record<string, number> = {};
    let leader: boolean;
    try {
      leader = await this.lease.acquire();
    } catch (err) {
      this.ctx.log.warn({ err }, 'scheduler lease unavailable');
      this.leading = false;
      return { leader: false, done };
    }
    this.leading = leader;
    if (!leader) return { leader, done };
    for (const job of this.jobs) {
      try {
        done[job.name] = await job.run(now);
      } catch (err) {
        this.ctx.log.error({ err, job: job.name }, 'scheduled job failed');
        done[job.name] = 0;
      }
    }
    return { leader, done };
  }
}
