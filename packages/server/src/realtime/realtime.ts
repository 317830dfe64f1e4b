/**
 * Socket.IO on the app's HTTP server. Authenticated in the handshake (`auth.token`, never the
 * query string), Origin checked, rooms assigned from the user's permissions, disconnected when the
 * access token expires (the client reconnects with a fresh one and re-fetches what it shows).
 */
import { createAdapter } from '@socket.io/redis-adapter';
import { CLIENT_EVENTS, type TicketViewer } from '@switchboard/shared';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { ROOM_ADMINS, ROOM_ALL_USERS, chatRoom, roomsForViewer, userRoom } from './rooms.js';

export interface SocketIdentity {
  viewer: TicketViewer;
  /** Access-token expiry, epoch seconds. */
  expiresAt: number;
}

export interface RealtimeOptions {
  authenticate(token: string): Promise<SocketIdentity | null>;
  /** Fresh permissions of a user (after an update), or null when the user is gone. */
  loadViewer(userId: number): Promise<TicketViewer | null>;
  /** Whether the viewer may join a ticket's chat room. */
  canJoinTicket?(viewer: TicketViewer, ticketId: number): Promise<boolean>;
  sectorlessForAll(): boolean;
  allowedOrigins: string[];
  redisUrl?: string;
}

type SocketData = { viewer: TicketViewer };

export class Realtime {
  private io: Server | null = null;
  private opts: RealtimeOptions | null = null;
  private redisClients: { quit(): Promise<unknown> }[] = [];
  private expiryTimers = new Map<string, NodeJS.Timeout>();

  /** Join checks for ticket chat rooms are added by the tickets module when it loads. */
  setTicketAccess(check: (viewer: TicketViewer, ticketId: number) => Promise<boolean>): void {
    if (this.opts) this.opts.canJoinTicket = check;
  }

  async attach(httpServer: HttpServer, opts: RealtimeOptions): Promise<void> {
    this.opts = opts;
    const io = new Server(httpServer, {
      path: '/socket.io',
      serveClient: false,
      allowRequest: (req, callback) => callback(null, isOriginAllowed(req, opts.allowedOrigins)),
    });
    if (opts.redisUrl) {
      const pub = createClient({ url: opts.redisUrl });
      const sub = pub.duplicate();
      await Promise.all([pub.connect(), sub.connect()]);
      this.redisClients.push(pub, sub);
      io.adapter(createAdapter(pub, sub));
    }
    io.use(async (socket, next) => {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
      const identity = token ? await opts.authenticate(token).catch(() => null) : null;
      if (!identity) return next(new Error('ERR_SESSION_EXPIRED'));
      (socket.data as SocketData).viewer = identity.viewer;
      this.scheduleExpiry(socket, identity.expiresAt);
      next();
    });
    io.on('connection', (socket) => this.onConnection(socket));
    this.io = io;
  }

  private onConnection(socket: Socket): void {
    const { viewer } = socket.data as SocketData;
    socket.join(roomsForViewer(viewer, { allTicket: this.opts!.sectorlessForAll() }));
    // Room membership is decided by the server; these requests are acknowledged for
    // compatibility with clients of the reference product.
    socket.on(CLIENT_EVENTS.joinNotification, (ack?: unknown) => reply(ack, true));
    socket.on(CLIENT_EVENTS.joinTickets, (_status: unknown, ack?: unknown) => reply(ack, true));
    socket.on(CLIENT_EVENTS.leaveTickets, (_status: unknown, ack?: unknown) => reply(ack, true));
    socket.on(CLIENT_EVENTS.joinChatBox, async (ticketId: unknown, ack?: unknown) => {
      const id = Number(ticketId);
      const check = this.opts?.canJoinTicket;
      const allowed = Number.isInteger(id) && id > 0 && !!check && (await check(viewer, id).catch(() => false));
      if (allowed) await socket.join(chatRoom(id));
      reply(ack, allowed);
    });
    socket.on(CLIENT_EVENTS.leaveChatBox, async (ticketId: unknown, ack?: unknown) => {
      await socket.leave(chatRoom(Number(ticketId)));
      reply(ack, true);
    });
    socket.on('disconnect', () => {
      const t = this.expiryTimers.get(socket.id);
      if (t) clearTimeout(t);
      this.expiryTimers.delete(socket.id);
    });
  }

  private scheduleExpiry(socket: Socket, expiresAt: number): void {
    const ms = Math.max(0, expiresAt * 1000 - Date.now());
    const timer = setTimeout(() => socket.disconnect(true), Math.min(ms, 2 ** 31 - 1));
    timer.unref();
    this.expiryTimers.set(socket.id, timer);
  }

  /** Re-derives the rooms of every socket of a user after their permissions changed. */
  async syncUser(userId: number): Promise<void> {
    if (!this.io || !this.opts) return;
    const viewer = await this.opts.loadViewer(userId);
    const sockets = await this.io.in(userRoom(userId)).fetchSockets();
    for (const s of sockets) {
      if (!viewer) {
        s.disconnect(true);
        continue;
      }
      const wanted = new Set(roomsForViewer(viewer, { allTicket: this.opts.sectorlessForAll() }));
      for (const room of s.rooms) {
        if (room !== s.id && !wanted.has(room) && !room.startsWith('ticket:')) s.leave(room);
      }
      s.join([...wanted]);
      s.data.viewer = viewer;
    }
  }

  /** Re-derives every connected user's rooms (after a setting that changes visibility). */
  async syncAll(): Promise<void> {
    if (!this.io) return;
    const sockets = await this.io.in(ROOM_ALL_USERS).fetchSockets();
    const ids = new Set(sockets.map((s) => (s.data as SocketData).viewer.id));
    for (const id of ids) await this.syncUser(id);
  }

  /** Disconnects every socket of a user (deleted user, password change). */
  async disconnectUser(userId: number): Promise<void> {
    this.io?.in(userRoom(userId)).disconnectSockets(true);
  }

  emit(rooms: string | string[], event: string, payload: unknown): void {
    const list = Array.isArray(rooms) ? rooms : [rooms];
    if (!this.io || list.length === 0) return;
    this.io.to(list).emit(event, payload);
  }

  /** Emits to the members of `rooms` who are in none of `except` (a ticket leaving someone's view). */
  emitExcept(rooms: string[], except: string[], event: string, payload: unknown): void {
    if (!this.io || rooms.length === 0) return;
    this.io.to(rooms).except(except).emit(event, payload);
  }

  emitToAll(event: string, payload: unknown): void {
    this.emit(ROOM_ALL_USERS, event, payload);
  }

  emitToAdmins(event: string, payload: unknown): void {
    this.emit(ROOM_ADMINS, event, payload);
  }

  /** Ids of users with at least one live socket (across processes with the Redis adapter). */
  async onlineUserIds(): Promise<Set<number>> {
    if (!this.io) return new Set();
    const sockets = await this.io.in(ROOM_ALL_USERS).fetchSockets();
    return new Set(sockets.map((s) => (s.data as SocketData).viewer.id));
  }

  async close(): Promise<void> {
    for (const t of this.expiryTimers.values()) clearTimeout(t);
    this.expiryTimers.clear();
    if (this.io) {
      this.io.disconnectSockets(true);
      // io.close() would also close the HTTP server, which fastify owns.
      this.io.removeAllListeners();
      this.io = null;
    }
    await Promise.all(this.redisClients.map((c) => c.quit().catch(() => undefined)));
    this.redisClients = [];
  }
}

function reply(ack: unknown, value: unknown): void {
  if (typeof ack === 'function') (ack as (v: unknown) => void)(value);
}

/**
 * Browsers always send Origin on cross-origin requests and WebSocket upgrades; it must be this
 * server's own origin or an allowed one. Requests without Origin (same-origin polling, non-browser
 * clients) still need a valid token.
 */
export function isOriginAllowed(req: IncomingMessage, allowed: string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  const host = req.headers['x-forwarded-host'] ?? req.headers.host;
  if (!host) return false;
  try {
    return new URL(origin).host === String(host).split(',')[0].trim();
  } catch {
    return false;
  }
}
