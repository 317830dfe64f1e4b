/**
 * The automation of BEHAVIOUR "Sector menu and greetings", "Resolve, rating, farewell",
 * "Inactivity and automatic close" and inbound calls, wired to the inbound pipeline and the ticket
 * lifecycle in one place. Decisions are pure functions (hours, menu, rating, inactivity,
 * directing, transfer, calls); the *-service / *-job modules do the I/O; the scheduler runs the
 * time-driven work under a leader lock.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { ChannelManager } from '../channels/manager.js';
import type { AppContext } from '../context.js';
import type { InboundPipeline } from '../messaging/inbound.js';
import type { Outbox } from '../messaging/outbox.js';
import type { SystemTicketCloser } from '../store/ticket-lifecycle.js';
import { AutoAssigner } from './auto-assign.js';
import { AutoReplies } from './auto-reply.js';
import { callRejectedText } from './calls.js';
import { CallsService } from './calls-service.js';
import { DirectingJob } from './directing-job.js';
import { InactivityJob } from './inactivity-job.js';
import { RatingService } from './rating-service.js';
import { Scheduler, type ScheduledJob, type TickResult } from './scheduler.js';
import type { SystemMessageDeps } from './system-messages.js';
import { onTransferred } from './transfer-service.js';

export interface AutomationOptions {
  /** Run the scheduler's background poll (default true; tests may drive runDueJobs alone). */
  scheduler?: boolean;
  /** Scheduler poll interval (default 5000 ms) and leader lease time (default 30 s). */
  pollMs?: number;
  leaseSeconds?: number;
  /** The text a rejected caller gets ('' = the text of the company's language setting). */
  callRejectedText?: string;
}

export interface AutomationServices {
  /** Other modules' time-driven work, run by the same scheduler beside automation's own jobs. */
  jobs: ScheduledJob[];
  inbound: InboundPipeline;
  outbox: Outbox;
  channels: ChannelManager;
  tickets: SystemTicketCloser;
}

export class Automation {
  readonly options: Required<AutomationOptions>;
  readonly replies: AutoReplies;
  readonly ratings: RatingService;
  readonly calls: CallsService;
  readonly assigner: AutoAssigner;
  readonly scheduler: Scheduler;

  constructor(ctx: AppContext, services: AutomationServices, options: AutomationOptions = {}) {
    this.options = {
      scheduler: options.scheduler ?? true,
      pollMs: options.pollMs ?? 5000,
      leaseSeconds: options.leaseSeconds ?? 30,
      callRejectedText: options.callRejectedText ?? '',
    };
    this.assigner = new AutoAssigner(ctx);
    const deps: SystemMessageDeps = { ctx, outbox: services.outbox, waitingInSector: (queueId) => this.assigner.kick(queueId) };
    this.replies = new AutoReplies(deps);
    this.ratings = new RatingService(deps);
    this.calls = new CallsService(
      deps,
      services.channels,
      () => this.options.callRejectedText || callRejectedText(ctx.settings.get('language')),
    );
    const inactivity = new InactivityJob(deps, services.tickets);
    const directing = new DirectingJob(deps);
    this.scheduler = new Scheduler(
      ctx,
      [
        { name: 'replies', run: (now) => this.replies.runDue(now) },
        { name: 'directing', run: (now) => directing.runDue(now) },
        { name: 'ratingWindows', run: (now) => this.ratings.expireDue(now) },
        { name: 'inactivity', run: (now) => inactivity.runDue(now) },
        { name: 'autoAssign', run: () => this.assigner.runDue() },
        ...services.jobs,
      ],
      {
        pollMs: this.options.pollMs,
        leaseSeconds: this.options.leaseSeconds,
        holder: `${os.hostname()}:${process.pid}:${randomUUID()}`,
      },
    );

    services.inbound.intercept((connection, msg) => this.ratings.intercept(connection, msg));
    services.inbound.callPolicy = this.calls;
    services.inbound.onStored((stored) => this.calls.onInbound(stored));
    services.inbound.onStored((stored) => this.replies.onInbound(stored));
    // A customer writing on a ticket that waits in a sector (a reopened one, say) may find someone free.
    services.inbound.onStored(({ ticket }) => this.assigner.onTicketEvent({ ticket, before: null }));
    services.tickets.onLifecycle((event) => this.assigner.onTicketEvent(event));
    services.tickets.onLifecycle(async (event) => {
      if (event.action === 'resolved') await this.ratings.onResolved(event);
      else if (event.action === 'transferred') await onTransferred(deps, event);
    });
  }

  /** Starts the scheduler's poll (when enabled); pending work in the database resumes. */
  start(): void {
    if (this.options.scheduler) this.scheduler.start();
  }

  async stop(): Promise<void> {
    this.replies.stop();
    await this.assigner.stop();
    await this.scheduler.stop();
  }

  /** One scheduler tick at `now` (default: the context clock): what tests and tools call. */
  runDueJobs(now?: Date): Promise<TickResult> {
    return this.scheduler.runDueJobs(now);
  }
}

export function installAutomation(ctx: AppContext, services: AutomationServices, options?: AutomationOptions): Automation {
  return new Automation(ctx, services, options);
}
