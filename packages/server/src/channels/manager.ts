/**
 * Runs one channel session per connection: starts every connection at boot and a new one at once,
 * persists and announces status/QR changes, and feeds the driver's events to the inbound pipeline
 * — in order per chat, concurrently across chats.
 *
 * With several server processes on one PostgreSQL, each session runs in exactly one of them: the
 * one holding the connection's lease (`channel:<id>` in the leases table), renewed while it runs.
 * When a holder dies its leases expire and another process takes the sessions over. Session
 * actions (try again, new QR, disconnect) reach the holder as a process call (NotifyRpc), and the
 * request answers once the holder has carried them out.
 */
import { EVENTS, type ChannelKind, type ConnectionSessionEvent, type ConnectionStatus } from '@switchboard/shared';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, asc, eq, like, lt, sql } from 'drizzle-orm';
import { Lease } from '../lib/lease.js';
import type { AppContext } from '../context.js';
import { ROOM_ADMINS } from '../realtime/rooms.js';
import { announce } from '../realtime/announce.js';
import { leases, messages, whatsapps } from '../db/schema.js';
import { KeyedQueue } from '../lib/keyed-queue.js';
import type { NotifyRpc } from '../lib/notify-rpc.js';
import { AppError } from '../lib/app-error.js';
import { InboundJournal, summarize, type JournalEntry, type JournalSummary } from './inbound-journal.js';
import { presentConnectionById } from '../store/connections.js';
import { customerVisible } from '../store/customer-visible.js';
import { createDbAuthStore } from './auth-store.js';
import { ChannelHealth } from './health.js';
import { ChannelError, ChannelStartError, type ChannelDriver, type DriverContext, type DriverEvent, type DriverFactory } from './driver.js';

export type DriverEventHandler = (connectionId: number, event: DriverEvent) => Promise<void>;

interface Session {
  driver: ChannelDriver;
  connected: boolean;
}

type ControlAction = 'restart' | 'resetPairing' | 'logout';
const LEASE_SECONDS = 30;
const RENEW_EVERY_MS = 10_000;
/** Before a dead holder's last renewal, how far back what it stored is announced again (clock skew, a slow renewal). */
const ADOPTION_LOOKBACK_MS = 30_000;
const START_RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 300_000];
/**
 * A channel event whose handling failed (the database briefly unavailable) is tried again after
 * these delays, holding back the later events of its chat so their order is kept; WhatsApp will
 * not send it again, so giving up at once would lose a customer's message.
 */
export const EVENT_RETRY_DELAYS_MS = [500, 2_000, 10_000];
const REPLAY_EVERY_MS = 15_000;
const leaseName = (connectionId: number) => `channel:${connectionId}`;

/** How much of an unreadable delivery part is kept for admins to look at. */
const UNREADABLE_RAW_MAX = 64 * 1024;

export class ChannelManager {
  private sessions = new Map<number, Session>();
  private queue = new KeyedQueue();
  /**
   * Session actions (start, stop, logout, new QR, remove) of one connection run one at a time:
   * two overlapping "try again" requests would otherwise both see no session and open two
   * sockets for one pairing, the first never stopped.
   */
  private lifecycle = new KeyedQueue();
  private connectedListeners: ((connectionId: number) => void)[] = [];
  private adoptedListeners: ((connectionId: number, since: Date) => Promise<void>)[] = [];
  private handler: DriverEventHandler = () => Promise.resolve();
  private closed = false;
  /** This process's name in the channel leases (and on the replies its outbox claims). */
  readonly holder = `${process.pid}:${randomUUID()}`;
  private renewTimer: NodeJS.Timeout | null = null;
  private startFailures = new Map<number, number>();
  private retryTimers = new Set<NodeJS.Timeout>();
  private replayTimer: NodeJS.Timeout | null = null;
  private replaying: Promise<void> | null = null;
  /** Events that could not be stored when they arrived, kept in the data directory. */
  readonly journal: InboundJournal;
  /** Refusals, undecryptable messages, reconnects and closes per connection (channels/health.ts). */
  readonly health: ChannelHealth;

  constructor(
    private readonly ctx: AppContext,
    private readonly factories: Partial<Record<ChannelKind, DriverFactory>>,
  ) {
    this.journal = new InboundJournal(path.join(ctx.config.dataDir, 'inbound-journal'));
    this.health = new ChannelHealth(ctx, ctx.config.channelHealthAlert);
  }

  private lease(connectionId: number): Lease {
    return new Lease(this.ctx.db, leaseName(connectionId), this.holder, LEASE_SECONDS);
  }

  private rpc: NotifyRpc | null = null;

  /** Carries out session actions other processes ask for, for the sessions that run here. */
  connectProcesses(rpc: NotifyRpc): void {
    this.rpc = rpc;
    rpc.handle('channel.control', async (args) => {
      const connectionId = Number(args.connectionId);
      if (!this.sessions.has(connectionId)) return undefined;
      await this.runControl(connectionId, args.action as ControlAction);
      return { ok: true };
    });
    rpc.handle('channel.checkNumber', async (args) => {
      const connectionId = Number(args.connectionId);
      if (!this.sessions.has(connectionId)) return undefined;
      try {
        return { number: await this.require(connectionId).checkNumber(String(args.number)) };
      } catch (err) {
        // Carried back to the caller as the channel's own refusal, not as an internal error.
        if (err instanceof ChannelError) throw new AppError(err.code, err.code === 'ERR_WAPP_NOT_INITIALIZED' ? 409 : 400);
        throw err;
      }
    });
    rpc.handle('channel.pairingCode', async (args) => {
      const session = this.sessions.get(Number(args.connectionId));
      return session ? { code: await pairingCodeOf(session, String(args.number)) } : undefined;
    });
  }

  /**
   * Checks a number on a connection's channel wherever its session runs: here, or in the process
   * holding its lease (behind a balancer a request lands on any process). With no live holder the
   * answer is ERR_WAPP_NOT_INITIALIZED at once, not after the call's timeout.
   */
  async checkNumber(connectionId: number, digits: string): Promise<string> {
    if (this.sessions.has(connectionId) || !this.rpc) return this.require(connectionId).checkNumber(digits);
    const [held] = await this.ctx.db
      .select({ name: leases.name })
      .from(leases)
      .where(and(eq(leases.name, leaseName(connectionId)), sql`${leases.expiresAt} > now()`));
    if (!held) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED');
    const answer = await this.rpc.call<{ number: string }>('channel.checkNumber', { connectionId, number: digits });
    return answer.number;
  }

  /** A pairing code for the phone `number`, made where the session runs (channels/linking.ts). */
  async requestPairingCode(connectionId: number, number: string): Promise<string> {
    const session = this.sessions.get(connectionId);
    if (session) return pairingCodeOf(session, number);
    if (!this.rpc) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409, 'The connection is not waiting to be linked');
    const { code } = await this.rpc.call<{ code: string }>('channel.pairingCode', { connectionId, number });
    return code;
  }

  /** Session actions from an HTTP request, run where the session lives. */
  async control(connectionId: number, action: ControlAction): Promise<void> {
    // An admin starting or pairing a connection ends its wait (an imported one starts from now on).
    if (action !== 'logout') {
      await this.ctx.db.update(whatsapps).set({ awaitingPairing: false }).where(and(eq(whatsapps.id, connectionId), eq(whatsapps.awaitingPairing, true)));
    }
    if (this.sessions.has(connectionId) || !this.rpc || (await this.lease(connectionId).acquire())) {
      await this.runControl(connectionId, action);
      return;
    }
    await this.rpc.call('channel.control', { connectionId, action });
  }

  private async runControl(connectionId: number, action: ControlAction): Promise<void> {
    if (action === 'restart') await this.start(connectionId);
    else if (action === 'resetPairing') await this.resetPairing(connectionId);
    else await this.logout(connectionId);
  }

  /** Renews our leases, drops sessions whose lease we lost, takes over orphaned sessions. */
  async maintainLeases(): Promise<void> {
    for (const id of [...this.sessions.keys()]) {
      if (!(await this.lease(id).acquire())) {
        this.ctx.log.warn({ connectionId: id }, 'channel lease lost; another process runs this session now');
        const session = this.sessions.get(id);
        this.sessions.delete(id);
        await session?.driver.stop().catch(() => undefined);
      }
    }
    const orphans = await this.ctx.db
      .select({ name: leases.name, holder: leases.holder, expiresAt: leases.expiresAt })
      .from(leases)
      .where(and(like(leases.name, 'channel:%'), lt(leases.expiresAt, sql`now()`)));
    for (const { name, holder, expiresAt } of orphans) {
      const id = Number(name.slice('channel:'.length));
      if (!Number.isInteger(id) || this.sessions.has(id)) continue;
      const taken = await this.oneAtATime(id, () => this.startNow(id));
      // Announced even when the session itself failed to start: the lease, and with it the
      // duty to tell, is this process's now.
      if (!taken || holder === this.holder) continue;
      // The previous holder last renewed the lease one lease time before it expired; it may have
      // stored messages up to then (and a little before, while the renewal ran) and died before
      // announcing them.
      const since = new Date(expiresAt.getTime() - LEASE_SECONDS * 1000 - ADOPTION_LOOKBACK_MS);
      for (const listener of this.adoptedListeners) {
        await listener(id, since).catch((err: unknown) => this.ctx.log.error({ err, connectionId: id }, 'announcing what a dead session stored failed'));
      }
    }
  }

  /**
   * Told when this process took over a session another process held until it stopped renewing
   * it (killed, or cut off), with the time from which that process may have stored messages it
   * never announced.
   */
  onAdopted(listener: (connectionId: number, since: Date) => Promise<void>): void {
    this.adoptedListeners.push(listener);
  }

  /** Where message, ack, revoke, edit, call and contact events go (the inbound pipeline). */
  setEventHandler(handler: DriverEventHandler): void {
    this.handler = handler;
  }

  onConnected(listener: (connectionId: number) => void): void {
    this.connectedListeners.push(listener);
  }

  async startAll(options: { soleProcess?: boolean } = {}): Promise<void> {
    if (options.soleProcess) {
      // Leases of a process that died (kill -9) would keep its sessions from starting — and their
      // connections showing CONNECTED — until they expire.
      await this.ctx.db
        .update(leases)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(like(leases.name, 'channel:%'));
    }
    // An imported connection waits for an admin to pair it again: its old phone may still be in use.
    const rows = await this.ctx.db
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(eq(whatsapps.awaitingPairing, false))
      .orderBy(asc(whatsapps.id));
    await Promise.all(rows.map((r) => this.start(r.id)));
    this.renewTimer = setInterval(() => {
      void this.maintainLeases().catch((err) => this.ctx.log.error({ err }, 'channel lease maintenance failed'));
    }, RENEW_EVERY_MS);
    this.renewTimer.unref();
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

  private oneAtATime<T>(connectionId: number, action: () => Promise<T>): Promise<T> {
    return this.lifecycle.run(String(connectionId), action);
  }

  /** (Re)starts the session of a connection with its stored pairing. */
  start(connectionId: number): Promise<void> {
    return this.oneAtATime(connectionId, async () => void (await this.startNow(connectionId)));
  }

  /** Whether this process took the session's lease (its start may still have failed). */
  private async startNow(connectionId: number): Promise<boolean> {
    if (this.closed) return false;
    await this.stopNow(connectionId);
    const [row] = await this.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, connectionId));
    if (!row) return false;
    const factory = this.factories[row.channel as ChannelKind];
    if (!factory) {
      this.ctx.log.warn({ connectionId, channel: row.channel }, 'channel kind not available on this server');
      await this.saveStatus(connectionId, { status: 'DISCONNECTED', qrcode: '' });
      return false;
    }
    if (!(await this.lease(connectionId).acquire())) {
      this.ctx.log.info({ connectionId }, 'channel session runs in another server process');
      return false;
    }
    const driver = factory(this.driverContext(connectionId));
    this.sessions.set(connectionId, { driver, connected: false });
    await this.saveStatus(connectionId, { status: 'OPENING', qrcode: '' });
    try {
      await driver.start();
      this.startFailures.delete(connectionId);
    } catch (err) {
      this.ctx.log.error({ err, connectionId }, 'channel session failed to start');
      if (this.sessions.get(connectionId)?.driver === driver) {
        this.sessions.delete(connectionId);
        // The reason is shown on the Connections screen: "Disconnected" alone says nothing.
        await this.saveStatus(connectionId, { status: 'DISCONNECTED', qrcode: '', reason: err instanceof ChannelStartError ? err.reason : 'start-failed' });
        this.retryStartLater(connectionId);
      }
    }
    return true;
  }

  /** A session that failed to start is tried again with growing delays, a few times. */
  private retryStartLater(connectionId: number): void {
    const failures = (this.startFailures.get(connectionId) ?? 0) + 1;
    this.startFailures.set(connectionId, failures);
    const delay = START_RETRY_DELAYS_MS[failures - 1];
    if (delay === undefined || this.closed) return;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      if (!this.closed && !this.sessions.has(connectionId)) {
        this.start(connectionId).catch((err) => this.ctx.log.error({ err, connectionId }, 'channel session restart failed'));
      }
    }, delay);
    timer.unref();
    this.retryTimers.add(timer);
  }

  /** Closes the session, keeping its pairing. */
  stop(connectionId: number): Promise<void> {
    return this.oneAtATime(connectionId, () => this.stopNow(connectionId));
  }

  private async stopNow(connectionId: number): Promise<void> {
    const session = this.sessions.get(connectionId);
    if (!session) return;
    this.sessions.delete(connectionId);
    await session.driver.stop().catch((err) => this.ctx.log.warn({ err, connectionId }, 'stop failed'));
  }

  /** Logs the phone out and forgets the pairing; the connection shows DISCONNECTED. */
  logout(connectionId: number): Promise<void> {
    return this.oneAtATime(connectionId, () => this.logoutNow(connectionId));
  }

  private async logoutNow(connectionId: number): Promise<void> {
    const session = this.sessions.get(connectionId);
    this.sessions.delete(connectionId);
    if (session) await session.driver.logout().catch((err) => this.ctx.log.warn({ err, connectionId }, 'logout failed'));
    await this.lease(connectionId).release();
    await createDbAuthStore(this.ctx.db, connectionId).clear();
    await this.saveStatus(connectionId, { status: 'DISCONNECTED', qrcode: '' });
  }

  /** Forgets the pairing and starts again: a new QR code. */
  resetPairing(connectionId: number): Promise<void> {
    return this.oneAtATime(connectionId, async () => {
      await this.logoutNow(connectionId);
      await this.startNow(connectionId);
    });
  }

  /** Before a connection is deleted: end its session on the phone. */
  remove(connectionId: number): Promise<void> {
    return this.oneAtATime(connectionId, async () => {
      const session = this.sessions.get(connectionId);
      this.sessions.delete(connectionId);
      if (session) await session.driver.logout().catch(() => undefined);
      await this.lease(connectionId).release();
    });
  }

  /** The driver of a connected session, or null. */
  connected(connectionId: number): ChannelDriver | null {
    const s = this.sessions.get(connectionId);
    return s?.connected ? s.driver : null;
  }

  /** The driver of a connected session; ERR_WAPP_NOT_INITIALIZED otherwise. */
  require(connectionId: number): ChannelDriver {
    const d = this.connected(connectionId);
    if (!d) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED');
    return d;
  }

  connectedIds(): number[] {
    return [...this.sessions.entries()].filter(([, s]) => s.connected).map(([id]) => id);
  }

  /** Resolves when every event received so far has been handled. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** Shutdown: sessions stop (pairings kept) and their leases are released for another process. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.renewTimer) clearInterval(this.renewTimer);
    if (this.replayTimer) clearInterval(this.replayTimer);
    for (const t of this.retryTimers) clearTimeout(t);
    const ids = [...this.sessions.keys()];
    await Promise.all(ids.map((id) => this.stop(id)));
    await this.queue.idle();
    // Expired rather than deleted: another process sees them as orphaned and takes the sessions over.
    if (ids.length) {
      await this.ctx.db
        .update(leases)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(and(eq(leases.holder, this.holder), like(leases.name, 'channel:%')))
        .catch(() => undefined);
    }
  }

  private driverContext(connectionId: number): DriverContext {
    const log = this.ctx.log.child({ connectionId });
    return {
      connectionId,
      auth: createDbAuthStore(this.ctx.db, connectionId),
      log,
      getMessage: async (externalId) => {
        const [row] = await this.ctx.db
          .select({ raw: messages.rawPayload })
          .from(messages)
          // WhatsApp asks for a message again (a retry receipt): never a private note.
          .where(customerVisible(eq(messages.whatsappId, connectionId), eq(messages.externalId, externalId)));
        return row?.raw ?? undefined;
      },
      emit: (event) => this.deliverWith(connectionId, event, log),
    };
  }

  /**
   * An event that arrives outside a driver (a webhook, in whichever process receives it): handled
   * like a driver's — in order per chat, retried, journalled — and resolves only once it is stored
   * or journalled; rejects when it is neither, so the sender delivers it again.
   */
  deliver(connectionId: number, event: DriverEvent): Promise<void> {
    return this.deliverWith(connectionId, event, this.ctx.log.child({ connectionId }));
  }

  private deliverWith(connectionId: number, event: DriverEvent, log: DriverContext['log']): Promise<void> {
    return this.queue
      .run(queueKey(connectionId, event), () => this.dispatchWithRetries(connectionId, event, log))
      .catch((err: unknown) => this.keepFailedEvent(connectionId, event, err, log));
  }

  private async dispatchWithRetries(connectionId: number, event: DriverEvent, log: DriverContext['log']): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.dispatch(connectionId, event);
      } catch (err) {
        const delay = EVENT_RETRY_DELAYS_MS[attempt];
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
  private async keepFailedEvent(connectionId: number, event: DriverEvent, err: unknown, log: DriverContext['log']): Promise<void> {
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
      this.health.record(connectionId, event).catch((err: unknown) => this.ctx.log.error({ err, connectionId, event: event.type }, 'channel health event not recorded'));
    // A close is recorded before its status is announced, so screens that refresh on the
    // announcement read it; other events once handled, so a retried one is counted once.
    if (event.type === 'status') await record();
    await this.dispatchEvent(connectionId, event);
    if (event.type !== 'status') await record();
  }

  private async dispatchEvent(connectionId: number, event: DriverEvent): Promise<void> {
    const session = this.sessions.get(connectionId);
    switch (event.type) {
      case 'qr':
        await this.saveStatus(connectionId, { status: 'qrcode', qrcode: event.qrcode, bumpRetries: true });
        return;
      case 'status': {
        const connected = event.status === 'CONNECTED';
        if (session) session.connected = connected;
        await this.saveStatus(connectionId, {
          status: event.status,
          // The reason stays visible only while the session is stopped for it.
          reason: event.status === 'DISCONNECTED' ? (event.reason ?? '') : '',
          // The QR dialog closes once the phone has scanned (PAIRING) or the session ended.
          ...(connected || event.status === 'DISCONNECTED' || event.status === 'PAIRING' ? { qrcode: '' } : {}),
          ...(event.number ? { number: event.number } : {}),
          ...(connected ? { retries: 0 } : {}),
        });
        if (connected) for (const l of this.connectedListeners) l(connectionId);
        return;
      }
      case 'unreadable':
        // Nothing to store: what could not be read is still unreadable (it stays set aside).
        throw new Error(`unreadable: ${event.reason}`);
      case 'health':
        // Counted by the connection's health record (dispatch); nothing is stored per message.
        this.ctx.log.info({ connectionId, kind: event.kind, reason: event.reason }, 'channel health event');
        return;
      default:
        await this.handler(connectionId, event);
    }
  }

  private async saveStatus(
    connectionId: number,
    change: { status: ConnectionStatus; reason?: string; qrcode?: string; number?: string; retries?: number; bumpRetries?: boolean },
  ): Promise<void> {
    const [row] = await this.ctx.db
      .update(whatsapps)
      .set({
        status: change.status,
        statusReason: change.reason ?? '',
        ...(change.qrcode !== undefined ? { qrcode: change.qrcode } : {}),
        ...(change.number !== undefined ? { number: change.number } : {}),
        ...(change.retries !== undefined ? { retries: change.retries } : {}),
        ...(change.bumpRetries ? { retries: sql`${whatsapps.retries} + 1` } : {}),
        updatedAt: this.ctx.clock.now(),
      })
      .where(eq(whatsapps.id, connectionId))
      .returning({ id: whatsapps.id });
    if (!row) return;
    const dto = await presentConnectionById(this.ctx.db, connectionId);
    if (dto) {
      const event: ConnectionSessionEvent = { action: 'update', session: dto };
      announce(this.ctx, ROOM_ADMINS, EVENTS.whatsappSession, event);
    }
  }
}

async function pairingCodeOf(session: Session, number: string): Promise<string> {
  if (!session.driver.requestPairingCode) throw new AppError('ERR_VALIDATION', 400, 'This connection cannot link with a pairing code');
  if (session.connected) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409, 'The connection is already linked');
  try {
    return await session.driver.requestPairingCode(number);
  } catch (err) {
    if (err instanceof ChannelError) throw new AppError(err.code, 409, err.message);
    throw err;
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
