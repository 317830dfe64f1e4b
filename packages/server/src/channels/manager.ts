/**
 * Runs one channel session per connection: starts every connection at boot and a new one at once,
 * persists and announces status/QR changes, and feeds the driver's events to the inbound pipeline
 * — in order per chat, concurrently across chats.
 *
 * With several server processes on one PostgreSQL, each session runs in exactly one of them: the
 * one holding the connection's lease (`channel:<id>` in the leases table), renewed while it runs.
 * When a holder dies its leases expire and another process takes the sessions over. Session
 * actions (try again, new QR, disconnect) reach the holder through a database notification.
 */
import { EVENTS, type ChannelKind, type ConnectionSessionEvent, type ConnectionStatus } from '@switchboard/shared';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, like, lt, sql } from 'drizzle-orm';
import { Lease } from '../lib/lease.js';
import type { AppContext } from '../context.js';
import { leases, messages, whatsapps } from '../db/schema.js';
import { KeyedQueue } from '../lib/keyed-queue.js';
import { presentConnectionById } from '../modules/connections/repository.js';
import { createDbAuthStore } from './auth-store.js';
import { ChannelError, type ChannelDriver, type DriverContext, type DriverEvent, type DriverFactory } from './driver.js';

export type DriverEventHandler = (connectionId: number, event: DriverEvent) => Promise<void>;

interface Session {
  driver: ChannelDriver;
  connected: boolean;
}

type ControlAction = 'restart' | 'resetPairing' | 'logout';
const CONTROL_CHANNEL = 'switchboard_channel_control';
const LEASE_SECONDS = 30;
const RENEW_EVERY_MS = 10_000;
const START_RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 300_000];
const leaseName = (connectionId: number) => `channel:${connectionId}`;

export class ChannelManager {
  private sessions = new Map<number, Session>();
  private queue = new KeyedQueue();
  private connectedListeners: ((connectionId: number) => void)[] = [];
  private handler: DriverEventHandler = async () => undefined;
  private closed = false;
  private readonly holder = `${process.pid}:${randomUUID()}`;
  private renewTimer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private startFailures = new Map<number, number>();
  private retryTimers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly ctx: AppContext,
    private readonly factories: Partial<Record<ChannelKind, DriverFactory>>,
  ) {}

  private lease(connectionId: number): Lease {
    return new Lease(this.ctx.db, leaseName(connectionId), this.holder, LEASE_SECONDS);
  }

  /** Session actions from an HTTP request, run where the session lives. */
  async control(connectionId: number, action: ControlAction): Promise<void> {
    if (this.sessions.has(connectionId) || (await this.lease(connectionId).acquire())) {
      await this.runControl(connectionId, action);
      return;
    }
    await this.ctx.db.execute(sql`select pg_notify(${CONTROL_CHANNEL}, ${JSON.stringify({ connectionId, action })})`);
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
      .select({ name: leases.name })
      .from(leases)
      .where(and(like(leases.name, 'channel:%'), lt(leases.expiresAt, sql`now()`)));
    for (const { name } of orphans) {
      const id = Number(name.slice('channel:'.length));
      if (Number.isInteger(id) && !this.sessions.has(id)) await this.start(id);
    }
  }

  /** Where message, ack, revoke, edit, call and contact events go (the inbound pipeline). */
  setEventHandler(handler: DriverEventHandler): void {
    this.handler = handler;
  }

  onConnected(listener: (connectionId: number) => void): void {
    this.connectedListeners.push(listener);
  }

  async startAll(): Promise<void> {
    const rows = await this.ctx.db.select({ id: whatsapps.id }).from(whatsapps).orderBy(asc(whatsapps.id));
    await Promise.all(rows.map((r) => this.start(r.id)));
    this.unlisten = await this.ctx.database.listen(CONTROL_CHANNEL, (payload) => {
      try {
        const { connectionId, action } = JSON.parse(payload) as { connectionId: number; action: ControlAction };
        if (this.sessions.has(connectionId)) void this.runControl(connectionId, action);
      } catch {
        /* not ours */
      }
    });
    this.renewTimer = setInterval(() => {
      void this.maintainLeases().catch((err) => this.ctx.log.error({ err }, 'channel lease maintenance failed'));
    }, RENEW_EVERY_MS);
    this.renewTimer.unref();
  }

  /** (Re)starts the session of a connection with its stored pairing. */
  async start(connectionId: number): Promise<void> {
    if (this.closed) return;
    await this.stop(connectionId);
    const [row] = await this.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, connectionId));
    if (!row) return;
    const factory = this.factories[row.channel as ChannelKind];
    if (!factory) {
      this.ctx.log.warn({ connectionId, channel: row.channel }, 'channel kind not available on this server');
      await this.saveStatus(connectionId, { status: 'DISCONNECTED', qrcode: '' });
      return;
    }
    if (!(await this.lease(connectionId).acquire())) {
      this.ctx.log.info({ connectionId }, 'channel session runs in another server process');
      return;
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
        await this.saveStatus(connectionId, { status: 'DISCONNECTED', qrcode: '' });
        this.retryStartLater(connectionId);
      }
    }
  }

  /** A session that failed to start is tried again with growing delays, a few times. */
  private retryStartLater(connectionId: number): void {
    const failures = (this.startFailures.get(connectionId) ?? 0) + 1;
    this.startFailures.set(connectionId, failures);
    const delay = START_RETRY_DELAYS_MS[failures - 1];
    if (delay === undefined || this.closed) return;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      if (!this.closed && !this.sessions.has(connectionId)) void this.start(connectionId);
    }, delay);
    timer.unref();
    this.retryTimers.add(timer);
  }

  /** Closes the session, keeping its pairing. */
  async stop(connectionId: number): Promise<void> {
    const session = this.sessions.get(connectionId);
    if (!session) return;
    this.sessions.delete(connectionId);
    await session.driver.stop().catch((err) => this.ctx.log.warn({ err, connectionId }, 'stop failed'));
  }

  /** Logs the phone out and forgets the pairing; the connection shows DISCONNECTED. */
  async logout(connectionId: number): Promise<void> {
    const session = this.sessions.get(connectionId);
    this.sessions.delete(connectionId);
    if (session) await session.driver.logout().catch((err) => this.ctx.log.warn({ err, connectionId }, 'logout failed'));
    await this.lease(connectionId).release();
    await createDbAuthStore(this.ctx.db, connectionId).clear();
    await this.saveStatus(connectionId, { status: 'DISCONNECTED', qrcode: '' });
  }

  /** Forgets the pairing and starts again: a new QR code. */
  async resetPairing(connectionId: number): Promise<void> {
    await this.logout(connectionId);
    await this.start(connectionId);
  }

  /** Before a connection is deleted: end its session on the phone. */
  async remove(connectionId: number): Promise<void> {
    const session = this.sessions.get(connectionId);
    this.sessions.delete(connectionId);
    if (session) await session.driver.logout().catch(() => undefined);
    await this.lease(connectionId).release();
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
    for (const t of this.retryTimers) clearTimeout(t);
    await this.unlisten?.().catch(() => undefined);
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
          .where(and(eq(messages.whatsappId, connectionId), eq(messages.externalId, externalId)));
        return row?.raw ?? undefined;
      },
      emit: (event) =>
        this.queue
          .run(queueKey(connectionId, event), () => this.dispatch(connectionId, event))
          .catch((err) => log.error({ err, event: event.type }, 'channel event failed')),
    };
  }

  private async dispatch(connectionId: number, event: DriverEvent): Promise<void> {
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
          // The QR dialog closes once the phone has scanned (PAIRING) or the session ended.
          ...(connected || event.status === 'DISCONNECTED' || event.status === 'PAIRING' ? { qrcode: '' } : {}),
          ...(event.number ? { number: event.number } : {}),
          ...(connected ? { retries: 0 } : {}),
        });
        if (connected) for (const l of this.connectedListeners) l(connectionId);
        return;
      }
      default:
        await this.handler(connectionId, event);
    }
  }

  private async saveStatus(
    connectionId: number,
    change: { status: ConnectionStatus; qrcode?: string; number?: string; retries?: number; bumpRetries?: boolean },
  ): Promise<void> {
    const [row] = await this.ctx.db
      .update(whatsapps)
      .set({
        status: change.status,
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
      this.ctx.realtime.emitToAdmins(EVENTS.whatsappSession, event);
    }
  }
}

/** Events of one chat stay in order; session events share the connection's own lane. */
function queueKey(connectionId: number, event: DriverEvent): string {
  switch (event.type) {
    case 'message':
      return `${connectionId}:${event.message.chat.id}`;
    case 'revoke':
      return `${connectionId}:${event.chat.id}`;
    case 'call':
      return `${connectionId}:${event.from}`;
    default:
      return `${connectionId}`;
  }
}
