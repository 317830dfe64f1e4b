/**
 * The road a channel event takes to the database: in order per chat and concurrently across
 * chats, tried again a few times when handling fails (the database briefly away), and journalled
 * in the data directory when it still fails, to be replayed later — WhatsApp will not send it
 * again, so giving up would lose a customer's message. Each handled event is also counted in the
 * connection's health. What an event *does* is the session manager's (manager.ts), given as `handle`.
 */
import path from 'node:path';
import type { AppContext } from '../context.js';
import { AppError } from '../lib/app-error.js';
import { KeyedQueue } from '../lib/keyed-queue.js';
import type { DriverContext, DriverEvent } from './driver.js';
import { ChannelHealth } from './health.js';
import { InboundJournal, summarize, type JournalEntry, type JournalSummary } from './inbound-journal.js';

/**
 * A channel event whose handling failed is tried again after these delays, holding back the later
 * events of its chat so their order is kept.
 */
export const EVENT_RETRY_DELAYS_MS = [500, 2_000, 10_000];
const REPLAY_EVERY_MS = 15_000;
/** How much of an unreadable delivery part is kept for admins to look at. */
const UNREADABLE_RAW_MAX = 64 * 1024;

type Log = DriverContext['log'];

export class ChannelEventLane {
  /** The waits before each new try of a failed event (a field so that tests can shorten them). */
  retryDelaysMs: readonly number[] = EVENT_RETRY_DELAYS_MS;
  private readonly queue = new KeyedQueue();
  private replaying: Promise<void> | null = null;
  private replayTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Events that could not be stored when they arrived, kept in the data directory. */
  readonly journal: InboundJournal;
  /** Refusals, undecryptable messages, reconnects and closes per connection (channels/health.ts). */
  readonly health: ChannelHealth;

  constructor(
    private readonly ctx: AppContext,
    private readonly handle: (connectionId: number, event: DriverEvent) => Promise<void>,
  ) {
    this.journal = new InboundJournal(path.join(ctx.config.dataDir, 'inbound-journal'), ctx.clock);
    this.health = new ChannelHealth(ctx, ctx.config.channelHealthAlert);
  }

  /**
   * Handles the event in its chat's turn; resolves once it is stored or journalled, rejects when it
   * is neither (the driver must then not acknowledge it: the sender delivers it again).
   */
  deliver(connectionId: number, event: DriverEvent, log: Log): Promise<void> {
    return this.queue
      .run(queueKey(connectionId, event), () => this.dispatchWithRetries(connectionId, event, log))
      .catch((err: unknown) => this.keepFailedEvent(connectionId, event, err, log));
  }

  /** Replays the journal now and then from now on (until close). */
  startReplays(): void {
    this.replayTimer = setInterval(() => {
      void this.replayJournal().catch((err) => this.ctx.log.error({ err }, 'inbound journal replay failed'));
    }, REPLAY_EVERY_MS);
    this.replayTimer.unref();
    void this.replayJournal().catch((err) => this.ctx.log.error({ err }, 'inbound journal replay failed'));
  }

  /** Sends every journalled event through the pipeline again; one replay at a time. */
  replayJournal(): Promise<void> {
    this.replaying ??= this.replayPending().finally(() => {
      this.replaying = null;
    });
    return this.replaying;
  }

  private async replayPending(): Promise<void> {
    for (const entry of await this.journal.list('pending')) {
      if (this.closed) return;
      await this.replay(entry);
    }
  }

  /** True when the event is now stored; otherwise its failure is counted in the journal. */
  private async replay(entry: JournalEntry): Promise<boolean> {
    try {
      // Through dispatch, as a live event: a replayed refusal is counted in the channel's health.
      await this.queue.run(queueKey(entry.connectionId, entry.event), () => this.dispatch(entry.connectionId, entry.event));
    } catch (err) {
      this.ctx.log.warn({ err, connectionId: entry.connectionId, journalId: entry.id }, 'journalled channel event still failing');
      await this.journal.failed(entry, err);
      return false;
    }
    await this.journal.remove(entry);
    this.ctx.log.info({ connectionId: entry.connectionId, journalId: entry.id }, 'journalled channel event stored');
    return true;
  }

  /** What admins see: events waiting for a replay and events set aside. */
  async journalled(): Promise<{ pending: number; poisoned: number; events: JournalSummary[] }> {
    const entries = await this.journal.list();
    return {
      pending: entries.filter((e) => e.state === 'pending').length,
      poisoned: entries.filter((e) => e.state === 'poisoned').length,
      events: entries.map(summarize),
    };
  }

  /**
   * A part of a delivery that cannot be read is set aside for admins (GET /inbound-failures);
   * resolves once it is written, rejects when it could not be (the delivery must then not be
   * acknowledged).
   */
  async setAside(connectionId: number, reason: string, raw: string): Promise<void> {
    const event: DriverEvent = { type: 'unreadable', reason, raw: raw.slice(0, UNREADABLE_RAW_MAX) };
    const entry = await this.journal.setAside(connectionId, event, new Error(reason));
    this.ctx.log.warn({ connectionId, journalId: entry.id, reason }, 'unreadable channel delivery part set aside');
  }

  /** An admin sends a journalled event through again (e.g. after fixing its cause). */
  async retryJournalled(id: string): Promise<void> {
    const entry = await this.journal.find(id);
    if (!entry) throw new AppError('ERR_NOT_FOUND', 404);
    if (!(await this.replay(entry))) throw new AppError('ERR_INTERNAL', 503, 'The event still cannot be stored');
  }

  /** Resolves when every event received so far has been handled. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** No more retries or replays; what is in flight finishes (see idle). */
  close(): void {
    this.closed = true;
    if (this.replayTimer) clearInterval(this.replayTimer);
  }

  private async dispatchWithRetries(connectionId: number, event: DriverEvent, log: Log): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.dispatch(connectionId, event);
      } catch (err) {
        const delay = this.retryDelaysMs[attempt];
        if (delay === undefined || this.closed) throw err;
        log.warn({ err, event: event.type, attempt: attempt + 1 }, 'channel event failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /**
   * An event that could not be handled is journalled for a replay; only then is the channel told
   * it arrived. When even the journal cannot keep it, the promise rejects: the driver must not
   * acknowledge it (the simulator answers an error; WhatsApp redelivers what was not acknowledged).
   */
  private async keepFailedEvent(connectionId: number, event: DriverEvent, err: unknown, log: Log): Promise<void> {
    if (event.type === 'qr' || event.type === 'status') {
      // Session state is re-announced by the session itself; the failure is visible in the log.
      log.error({ err, event: event.type }, 'channel status could not be saved');
      return;
    }
    try {
      const entry = await this.journal.keep(connectionId, event, err);
      log.warn({ err, event: event.type, journalId: entry.id }, 'channel event could not be stored; journalled for replay');
    } catch (journalErr) {
      log.error({ err, journalErr, event: event.type }, 'channel event could not be stored nor journalled');
      throw err;
    }
  }

  private async dispatch(connectionId: number, event: DriverEvent): Promise<void> {
    const record = () =>
      this.health
        .record(connectionId, event)
        .catch((err: unknown) => this.ctx.log.error({ err, connectionId, event: event.type }, 'channel health event not recorded'));
    // A close is recorded before its status is announced, so screens that refresh on the
    // announcement read it; other events once handled, so a retried one is counted once.
    if (event.type === 'status') await record();
    await this.handle(connectionId, event);
    if (event.type !== 'status') await record();
  }
}

/** Events of one chat stay in order; session events share the connection's own lane. */
function queueKey(connectionId: number, event: DriverEvent): string {
  switch (event.type) {
    case 'message':
      return `${connectionId}:${event.message.chat.id}`;
    case 'revoke':
    case 'reaction':
      return `${connectionId}:${event.chat.id}`;
    case 'call':
      return `${connectionId}:${event.from}`;
    default:
      return `${connectionId}`;
  }
}
