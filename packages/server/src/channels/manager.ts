/**
 * Runs one channel session per connection: starts every connection at boot and a new one at once,
 * stops, logs out and re-pairs them, and turns the driver's session events (QR, status) into the
 * connection's stored and announced state. The rest is in its own modules:
 * - event-lane.ts: the road of the driver's events to the inbound pipeline (order per chat,
 *   retries, the journal and its replays, health counts);
 * - session-leases.ts: which server process runs a session, and adopting a dead process's ones;
 * - connection-status.ts: saving and announcing a connection's status.
 *
 * With several server processes on one PostgreSQL, each session runs in exactly one of them (the
 * lease holder). Session actions (try again, new QR, disconnect) reach the holder as a process
 * call (NotifyRpc), and the request answers once the holder has carried them out.
 */
import type { ChannelKind } from '@switchboard/shared';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Lease } from '../lib/lease.js';
import type { AppContext } from '../context.js';
import { messages, whatsapps } from '../db/schema.js';
import { KeyedQueue } from '../lib/keyed-queue.js';
import type { NotifyRpc } from '../lib/notify-rpc.js';
import { AppError } from '../lib/app-error.js';
import { customerVisible } from '../store/customer-visible.js';
import { createDbAuthStore } from './auth-store.js';
import type { ChannelHealth } from './health.js';
import type { InboundJournal, JournalSummary } from './inbound-journal.js';
import { ChannelEventLane } from './event-lane.js';
import { saveConnectionStatus, type StatusChange } from './connection-status.js';
import { expireSessionLeases, orphanedSessions, RENEW_EVERY_MS, sessionHeld, sessionLease } from './session-leases.js';
import { ChannelError, ChannelStartError, type ChannelDriver, type DriverContext, type DriverEvent, type DriverFactory } from './driver.js';

export type DriverEventHandler = (connectionId: number, event: DriverEvent) => Promise<void>;

/** What the channel sessions hand their work to, given once at construction (services.ts). */
export interface ChannelManagerDeps {
  /** Driver factories by channel kind. */
  factories: Partial<Record<ChannelKind, DriverFactory>>;
  /** Calls between server processes: session actions reach the process that runs the session. */
  processes: NotifyRpc;
  /** Where message, ack, revoke, edit, call and contact events go (the inbound pipeline). */
  onEvent: DriverEventHandler;
  /** A session connected: what waits to be sent on it may go now (the outbox). */
  onConnected: (connectionId: number) => void;
  /**
   * This process took over a session another process held until it stopped renewing it (killed,
   * or cut off), with the time from which that process may have stored messages it never announced.
   */
  onAdopted: (connectionId: number, since: Date) => Promise<void>;
}

interface Session {
  driver: ChannelDriver;
  connected: boolean;
}

type ControlAction = 'restart' | 'resetPairing' | 'logout';
const START_RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 300_000];

export class ChannelManager {
  private sessions = new Map<number, Session>();
  /**
   * Session actions (start, stop, logout, new QR, remove) of one connection run one at a time:
   * two overlapping "try again" requests would otherwise both see no session and open two
   * sockets for one pairing, the first never stopped.
   */
  private lifecycle = new KeyedQueue();
  private readonly factories: Partial<Record<ChannelKind, DriverFactory>>;
  private readonly handler: DriverEventHandler;
  private closed = false;
  /** This process's name in the channel leases (and on the replies its outbox claims). */
  readonly holder = `${process.pid}:${randomUUID()}`;
  private renewTimer: NodeJS.Timeout | null = null;
  private startFailures = new Map<number, number>();
  private retryTimers = new Set<NodeJS.Timeout>();
  /** The driver's events on their way to the inbound pipeline (event-lane.ts). */
  readonly events: ChannelEventLane;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: ChannelManagerDeps,
  ) {
    this.factories = deps.factories;
    this.handler = deps.onEvent;
    this.rpc = deps.processes;
    this.events = new ChannelEventLane(ctx, (connectionId, event) => this.onEvent(connectionId, event));
    this.serveProcesses(deps.processes);
  }

  /** Events that could not be stored when they arrived, kept in the data directory. */
  get journal(): InboundJournal {
    return this.events.journal;
  }

  /** Refusals, undecryptable messages, reconnects and closes per connection (channels/health.ts). */
  get health(): ChannelHealth {
    return this.events.health;
  }

  private lease(connectionId: number): Lease {
    return sessionLease(this.ctx.db, connectionId, this.holder);
  }

  private readonly rpc: NotifyRpc;

  /** Carries out session actions other processes ask for, for the sessions that run here. */
  private serveProcesses(rpc: NotifyRpc): void {
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
    if (this.sessions.has(connectionId)) return this.require(connectionId).checkNumber(digits);
    if (!(await sessionHeld(this.ctx.db, connectionId))) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED');
    const answer = await this.rpc.call<{ number: string }>('channel.checkNumber', { connectionId, number: digits });
    return answer.number;
  }

  /** A pairing code for the phone `number`, made where the session runs (channels/linking.ts). */
  async requestPairingCode(connectionId: number, number: string): Promise<string> {
    const session = this.sessions.get(connectionId);
    if (session) return pairingCodeOf(session, number);
    const { code } = await this.rpc.call<{ code: string }>('channel.pairingCode', { connectionId, number });
    return code;
  }

  /** Session actions from an HTTP request, run where the session lives. */
  async control(connectionId: number, action: ControlAction): Promise<void> {
    // An admin starting or pairing a connection ends its wait (an imported one starts from now on).
    if (action !== 'logout') {
      await this.ctx.db
        .update(whatsapps)
        .set({ awaitingPairing: false })
        .where(and(eq(whatsapps.id, connectionId), eq(whatsapps.awaitingPairing, true)));
    }
    if (this.sessions.has(connectionId) || (await this.lease(connectionId).acquire())) {
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
    for (const { connectionId: id, holder, since } of await orphanedSessions(this.ctx.db)) {
      if (this.sessions.has(id)) continue;
      const taken = await this.oneAtATime(id, () => this.startNow(id));
      // Announced even when the session itself failed to start: the lease, and with it the
      // duty to tell, is this process's now.
      if (!taken || holder === this.holder) continue;
      await this.deps
        .onAdopted(id, since)
        .catch((err: unknown) => this.ctx.log.error({ err, connectionId: id }, 'announcing what a dead session stored failed'));
    }
  }

  async startAll(options: { soleProcess?: boolean } = {}): Promise<void> {
    if (options.soleProcess) {
      // Leases of a process that died (kill -9) would keep its sessions from starting — and their
      // connections showing CONNECTED — until they expire.
      await expireSessionLeases(this.ctx.db);
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
    this.events.startReplays();
  }

  /** Sends every journalled event through the pipeline again; one replay at a time. */
  replayJournal(): Promise<void> {
    return this.events.replayJournal();
  }

  /** What admins see: events waiting for a replay and events set aside. */
  journalled(): Promise<{ pending: number; poisoned: number; events: JournalSummary[] }> {
    return this.events.journalled();
  }

  /** A part of a delivery that cannot be read is set aside for admins (event-lane.ts). */
  setAside(connectionId: number, reason: string, raw: string): Promise<void> {
    return this.events.setAside(connectionId, reason, raw);
  }

  /** An admin sends a journalled event through again (e.g. after fixing its cause). */
  retryJournalled(id: string): Promise<void> {
    return this.events.retryJournalled(id);
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
    // Recorded before the driver exists: a status the driver reports from its first moment (a
    // refusal, a QR) is then never overwritten by this one.
    await this.saveStatus(connectionId, { status: 'OPENING', qrcode: '' });
    const driver = factory(this.driverContext(connectionId));
    this.sessions.set(connectionId, { driver, connected: false });
    try {
      await driver.start();
      this.startFailures.delete(connectionId);
    } catch (err) {
      this.ctx.log.error({ err, connectionId }, 'channel session failed to start');
      if (this.sessions.get(connectionId)?.driver === driver) {
        this.sessions.delete(connectionId);
        // The reason is shown on the Connections screen: "Disconnected" alone says nothing.
        await this.saveStatus(connectionId, {
          status: 'DISCONNECTED',
          qrcode: '',
          reason: err instanceof ChannelStartError ? err.reason : 'start-failed',
        });
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
    return this.events.idle();
  }

  /** Shutdown: sessions stop (pairings kept) and their leases are released for another process. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.events.close();
    for (const t of this.retryTimers) clearTimeout(t);
    const ids = [...this.sessions.keys()];
    await Promise.all(ids.map((id) => this.stop(id)));
    await this.events.idle();
    // Expired rather than deleted: another process sees them as orphaned and takes the sessions over.
    if (ids.length) {
      await expireSessionLeases(this.ctx.db, this.holder).catch((err: unknown) =>
        this.ctx.log.warn({ err }, 'channel leases not released at shutdown'),
      );
    }
  }

  private driverContext(connectionId: number): DriverContext {
    const log = this.ctx.log.child({ connectionId });
    return {
      connectionId,
      auth: createDbAuthStore(this.ctx.db, connectionId),
      log,
      clock: this.ctx.clock,
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
    return this.events.deliver(connectionId, event, log);
  }

  /** What an event does: session events change the connection's state; the rest go to the inbound pipeline. */
  private async onEvent(connectionId: number, event: DriverEvent): Promise<void> {
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
        if (connected) this.deps.onConnected(connectionId);
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

  private saveStatus(connectionId: number, change: StatusChange): Promise<void> {
    return saveConnectionStatus(this.ctx, connectionId, change);
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
