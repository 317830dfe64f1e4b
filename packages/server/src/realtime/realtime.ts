/**
 * Socket.IO on the app's HTTP server. Authenticated in the handshake (`auth.token`, never the
 * query string), Origin checked, rooms assigned from the user's permissions, disconnected when the
 * access token expires (the client reconnects with a fresh one and re-fetches what it shows).
 * The namespace `/api` serves the reference product's web clients in their dialect
 * (reference-dialect.ts); it also takes the token from the handshake query, as they send it.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import { CLIENT_EVENTS, type RealtimeEventName, type RealtimePayload, type TicketViewer } from '@switchboard/shared';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createClient } from 'redis';
import { Server, type Namespace, type Socket } from 'socket.io';
import { ROOM_ADMINS, ROOM_ALL_USERS, roomsForViewer, userRoom } from './rooms.js';
import { TokenBucket } from './token-bucket.js';
import { KeyedLimiter, type BucketLimit } from './keyed-limiter.js';
import {
  REFERENCE_NAMESPACE,
  markerRoom,
  referenceEmits,
  referenceRooms,
  statusSubscription,
  subscriptionsOf,
  type Subscription,
} from './reference-dialect.js';

/** The web app's own namespace, or the reference clients' (`/api`). */
type Dialect = 'own' | 'reference';

export interface SocketIdentity {
  viewer: TicketViewer;
  /** Access-token expiry, epoch seconds. */
  expiresAt: number;
}

export interface RealtimeOptions {
  authenticate(token: string): Promise<SocketIdentity | null>;
  /** Fresh permissions of a user (after an update), or null when the user is gone. */
  loadViewer(userId: number): Promise<TicketViewer | null>;
  /** Whether the user may see a ticket (answers the chat-box join request). */
  canJoinTicket?: (userId: number, ticketId: number) => Promise<boolean>;
  allowedOrigins: string[];
  /**
   * Whether the socket's peer is a proxy the operator trusts (TRUST_PROXY): only then is its
   * X-Forwarded-Host believed for the origin check. Without it, the Host header alone counts.
   */
  trustProxy?: (address: string, hop: number) => boolean;
  /**
   * Lets pages of other origins open a connection at all (the website widget's namespace checks
   * their origin itself); the users' namespace still refuses them.
   */
  acceptForeignOrigins?: boolean;
  /**
   * Processes of one installation share events through Redis, on channels named by `key`: another
   * installation using the same Redis (another company, a staging copy, a test) has its own key,
   * so it neither receives these events nor answers (or is counted in) presence requests.
   */
  redis?: { url: string; key: string };
  /** Per-socket event budget: `burst` at once, `perSecond` after; `maxRefused` refusals disconnect. */
  eventLimit?: { burst: number; perSecond: number; maxRefused: number };
  /** Where a socket dropped for flooding is reported (operators need to see who and which socket). */
  log?: { warn(details: object, message: string): void };
  /**
   * Per user on this process: open sockets (a new one past it is refused, ERR_TOO_MANY_SOCKETS),
   * and chat-box join requests across all of them (each one reads the database).
   */
  userLimit?: { sockets: number; joins: BucketLimit };
}

export const DEFAULT_EVENT_LIMIT = { burst: 20, perSecond: 10, maxRefused: 50 };
export const DEFAULT_USER_LIMIT = { sockets: 20, joins: { burst: 30, perSecond: 10 } };

/**
 * The identity a socket connected with. Only `viewer.id` is read afterwards: permissions are
 * re-read from the database whenever they matter, since a remote socket's data cannot be updated.
 */
type SocketData = { viewer: TicketViewer };

export class Realtime {
  private io: Server | null = null;
  private opts: RealtimeOptions | null = null;
  private redisClients: { quit(): Promise<unknown> }[] = [];
  private expiryTimers = new Map<string, NodeJS.Timeout>();
  private namespaces = new Set<string>();
  private connectedListeners: ((userId: number) => void)[] = [];
  /** This process's open sockets of each user (the per-user limit). */
  private userSockets = new Map<number, Set<string>>();
  private userJoins: KeyedLimiter | null = null;

  /** Called when a user's socket has joined its rooms on this process (they count as online). */
  onUserConnected(listener: (userId: number) => void): void {
    this.connectedListeners.push(listener);
  }

  /** The ticket access check is added by the tickets module when it loads. */
  setTicketAccess(check: (userId: number, ticketId: number) => Promise<boolean>): void {
    if (this.opts) this.opts.canJoinTicket = check;
  }

  async attach(httpServer: HttpServer, opts: RealtimeOptions): Promise<void> {
    this.opts = opts;
    this.userJoins = new KeyedLimiter((opts.userLimit ?? DEFAULT_USER_LIMIT).joins);
    const io = new Server(httpServer, {
      path: '/socket.io',
      serveClient: false,
      allowRequest: (req, callback) =>
        callback(null, opts.acceptForeignOrigins === true || isOriginAllowed(req, opts.allowedOrigins, opts.trustProxy)),
      // ALLOWED_ORIGINS covers the socket too: a client served from a listed origin falls back to
      // long-polling, which the browser lets it read only with these headers. Others get none.
      ...(opts.allowedOrigins.length > 0 ? { cors: { origin: opts.allowedOrigins, credentials: true } } : {}),
    });
    if (opts.redis) {
      const pub = createClient({ url: opts.redis.url });
      const sub = pub.duplicate();
      await Promise.all([pub.connect(), sub.connect()]);
      this.redisClients.push(pub, sub);
      io.adapter(createAdapter(pub, sub, { key: opts.redis.key }));
    }
    for (const [nsp, dialect] of [
      [io.of('/'), 'own'],
      [io.of(REFERENCE_NAMESPACE), 'reference'],
    ] as const) {
      nsp.use((socket, next) => {
        // A failure here refuses the connection (the client sees connect_error), never goes unhandled.
        void this.authenticateSocket(socket, opts, dialect, next).catch((err: unknown) =>
          next(err instanceof Error ? err : new Error(String(err))),
        );
      });
      nsp.on('connection', (socket) => this.onConnection(socket, dialect));
    }
    this.namespaces.add(REFERENCE_NAMESPACE);
    this.io = io;
  }

  private async authenticateSocket(socket: Socket, opts: RealtimeOptions, dialect: Dialect, next: (err?: Error) => void): Promise<void> {
    if (!isOriginAllowed(socket.request, opts.allowedOrigins, opts.trustProxy)) return next(new Error('ERR_NO_PERMISSION'));
    const token = handshakeToken(socket, dialect);
    const identity = token ? await opts.authenticate(token).catch(() => null) : null;
    if (!identity) return next(new Error('ERR_SESSION_EXPIRED'));
    // Refused before it costs anything more (rooms, events); the count is checked again once
    // connected, since many handshakes of one user may pass this point together.
    if (this.socketsOf(identity.viewer.id) >= this.socketLimit()) return next(new Error('ERR_TOO_MANY_SOCKETS'));
    (socket.data as SocketData).viewer = identity.viewer;
    this.scheduleExpiry(socket, identity.expiresAt);
    next();
  }

  private socketLimit(): number {
    return (this.opts?.userLimit ?? DEFAULT_USER_LIMIT).sockets;
  }

  private socketsOf(userId: number): number {
    return this.userSockets.get(userId)?.size ?? 0;
  }

  private onConnection(socket: Socket, dialect: Dialect): void {
    const { viewer } = socket.data as SocketData;
    const mine = this.userSockets.get(viewer.id) ?? new Set<string>();
    if (mine.size >= this.socketLimit()) {
      // The newest is the one refused: dropping the oldest instead would let a user's tabs
      // take turns disconnecting each other, each reconnect dropping another.
      socket.disconnect(true);
      return;
    }
    mine.add(socket.id);
    this.userSockets.set(viewer.id, mine);
    // A socket that could not join its rooms would miss events: it is dropped, and the client
    // reconnects (and re-fetches what it shows).
    void Promise.resolve(socket.join(roomsForViewer(viewer)))
      .then(() => this.connectedListeners.forEach((listener) => listener(viewer.id)))
      .catch(() => socket.disconnect(true));
    this.limitEvents(socket);
    if (dialect === 'reference') this.answerReferenceRequests(socket, viewer);
    else this.answerRequests(socket, viewer);
    socket.on('disconnect', () => {
      mine.delete(socket.id);
      if (mine.size === 0 && this.userSockets.get(viewer.id) === mine) this.userSockets.delete(viewer.id);
      const t = this.expiryTimers.get(socket.id);
      if (t) clearTimeout(t);
      this.expiryTimers.delete(socket.id);
    });
  }

  /** Whether the user may see the ticket now (one budget of reads across all the user's sockets). */
  private async mayJoinTicket(viewer: TicketViewer, ticketId: unknown): Promise<boolean | 'limited'> {
    if (!this.userJoins?.take(String(viewer.id))) return 'limited';
    const id = Number(ticketId);
    const check = this.opts?.canJoinTicket;
    return Number.isInteger(id) && id > 0 && !!check && (await check(viewer.id, id).catch(() => false));
  }

  private answerRequests(socket: Socket, viewer: TicketViewer): void {
    // Room membership is decided by the server from the user's permissions; these requests are
    // acknowledged for compatibility with clients of the reference product.
    socket.on(CLIENT_EVENTS.joinNotification, (ack?: unknown) => reply(ack, true));
    socket.on(CLIENT_EVENTS.joinTickets, (_status: unknown, ack?: unknown) => reply(ack, true));
    socket.on(CLIENT_EVENTS.leaveTickets, (_status: unknown, ack?: unknown) => reply(ack, true));
    // Opening a chat joins nothing: a ticket's events already reach whoever may see it now. The
    // answer says whether the user may see the ticket (a primary-key read; rate-limited).
    socket.on(CLIENT_EVENTS.joinChatBox, async (ticketId: unknown, ack?: unknown) => {
      if (typeof ack !== 'function') return;
      const allowed = await this.mayJoinTicket(viewer, ticketId);
      reply(ack, allowed === 'limited' ? { error: 'ERR_RATE_LIMITED' } : allowed);
    });
    socket.on(CLIENT_EVENTS.leaveChatBox, (_ticketId: unknown, ack?: unknown) => reply(ack, true));
  }

  /**
   * The reference clients' requests are granted as subscriptions (reference-dialect.ts): what a
   * socket receives is what it asked for within what its user may see. A chat is granted only for
   * a ticket the user may see now.
   */
  private answerReferenceRequests(socket: Socket, viewer: TicketViewer): void {
    const subscribe = async (sub: Subscription): Promise<void> => {
      // The permissions of now: the user may have changed since the socket connected.
      const viewerNow = (await this.opts?.loadViewer(viewer.id)) ?? null;
      if (!viewerNow) {
        socket.disconnect(true);
        return;
      }
      await socket.join(referenceRooms(roomsForViewer(viewerNow), [sub]));
    };
    const unsubscribe = (sub: Subscription) => {
      const marker = markerRoom(sub);
      for (const room of [...socket.rooms]) if (room === marker || room.endsWith(`#${sub}`)) void socket.leave(room);
    };
    // A failed join leaves the socket without events it asked for: it is dropped and reconnects.
    const run = (work: Promise<void>, ack: unknown, value: unknown) =>
      void work.then(() => reply(ack, value)).catch(() => socket.disconnect(true));
    socket.on(CLIENT_EVENTS.joinNotification, (ack?: unknown) => run(subscribe('notification'), ack, true));
    socket.on(CLIENT_EVENTS.joinTickets, (status: unknown, ack?: unknown) => {
      const sub = statusSubscription(status);
      if (!sub) return reply(ack, false);
      run(subscribe(sub), ack, true);
    });
    socket.on(CLIENT_EVENTS.leaveTickets, (status: unknown, ack?: unknown) => {
      const sub = statusSubscription(status);
      if (sub) unsubscribe(sub);
      reply(ack, true);
    });
    socket.on(CLIENT_EVENTS.joinChatBox, (ticketId: unknown, ack?: unknown) => {
      const work = this.mayJoinTicket(viewer, ticketId).then(async (allowed) => {
        if (allowed === true) await subscribe(`ticket:${Number(ticketId)}`);
        reply(ack, allowed === 'limited' ? { error: 'ERR_RATE_LIMITED' } : allowed);
      });
      void work.catch(() => socket.disconnect(true));
    });
    socket.on(CLIENT_EVENTS.leaveChatBox, (ticketId: unknown, ack?: unknown) => {
      const id = Number(ticketId);
      if (Number.isInteger(id) && id > 0) unsubscribe(`ticket:${id}`);
      reply(ack, true);
    });
  }

  /**
   * Every client event takes a token from the socket's bucket. A refused event is answered
   * `{ error: 'ERR_RATE_LIMITED' }` (when it asks for an answer) and does no work; a client that
   * keeps going past `maxRefused` refusals is disconnected.
   */
  private limitEvents(socket: Socket): void {
    const limit = this.opts?.eventLimit ?? DEFAULT_EVENT_LIMIT;
    const bucket = new TokenBucket(limit.burst, limit.perSecond);
    let refused = 0;
    socket.use((packet, next) => {
      if (bucket.take()) return next();
      refused += 1;
      const ack: unknown = packet[packet.length - 1];
      reply(ack, { error: 'ERR_RATE_LIMITED' });
      if (refused < limit.maxRefused) return;
      // Reported once per socket: packets already read when it was dropped are not news.
      if (refused === limit.maxRefused) {
        const { viewer } = socket.data as SocketData;
        this.opts?.log?.warn({ userId: viewer.id, socketId: socket.id, refused, limit }, 'socket disconnected for flooding events');
      }
      socket.disconnect(true);
    });
  }

  private scheduleExpiry(socket: Socket, expiresAt: number): void {
    // An access token's expiry is real time (modules/auth/tokens.ts), so is this wait.
    const ms = Math.max(0, expiresAt * 1000 - Date.now());
    const timer = setTimeout(() => socket.disconnect(true), Math.min(ms, 2 ** 31 - 1));
    timer.unref();
    this.expiryTimers.set(socket.id, timer);
  }

  /**
   * Re-derives the rooms of every socket of a user after their permissions changed, on every
   * process (remote sockets join and leave through the adapter). New rooms are joined before old
   * ones are left, so nothing the user may still see is missed in between.
   */
  async syncUser(userId: number): Promise<void> {
    if (!this.io || !this.opts) return;
    const viewer = await this.opts.loadViewer(userId);
    const sockets = [
      ...(await this.io.in(userRoom(userId)).fetchSockets()).map((socket) => ({ socket, dialect: 'own' })),
      ...(await this.io.of(REFERENCE_NAMESPACE).in(userRoom(userId)).fetchSockets()).map((socket) => ({ socket, dialect: 'reference' })),
    ];
    for (const { socket: s, dialect } of sockets) {
      if (!viewer) {
        s.disconnect(true);
        continue;
      }
      const own = roomsForViewer(viewer);
      // A reference socket keeps what it asked for, now crossed with the new permissions.
      const wanted = new Set(dialect === 'reference' ? referenceRooms(own, subscriptionsOf(s.rooms)) : own);
      s.join([...wanted]);
      for (const room of s.rooms) if (room !== s.id && !wanted.has(room)) s.leave(room);
    }
  }

  /** Disconnects every socket of a user on every process (deleted user, password change). */
  disconnectUser(userId: number): void {
    this.io?.in(userRoom(userId)).disconnectSockets(true);
    this.io?.of(REFERENCE_NAMESPACE).in(userRoom(userId)).disconnectSockets(true);
  }

  /** Only realtime/announce.ts calls the emit methods: an announcement also carries its webhooks. */
  emit<K extends RealtimeEventName>(rooms: string | string[], event: K, payload: RealtimePayload<K>): void {
    const list = Array.isArray(rooms) ? rooms : [rooms];
    if (!this.io || list.length === 0) return;
    this.io.to(list).emit(event, payload);
    this.emitReference(list, [], event, payload);
  }

  /** Emits to the members of `rooms` who are in none of `except` (a ticket leaving someone's view). */
  emitExcept<K extends RealtimeEventName>(rooms: string[], except: string[], event: K, payload: RealtimePayload<K>): void {
    if (!this.io || rooms.length === 0) return;
    this.io.to(rooms).except(except).emit(event, payload);
    this.emitReference(rooms, except, event, payload);
  }

  /** The same event, in the reference clients' dialect, on their namespace. */
  private emitReference(rooms: string[], except: string[], event: string, payload: unknown): void {
    const nsp = this.io?.of(REFERENCE_NAMESPACE);
    if (!nsp) return;
    // No reference client here and no other process to reach (no Redis adapter): Socket.IO would
    // still encode every event before finding nobody to send it to.
    if (this.redisClients.length === 0 && nsp.sockets.size === 0) return;
    for (const e of referenceEmits(rooms, except, event, payload)) {
      if (e.to.length === 0) continue;
      nsp.to(e.to).except(e.except).emit(e.event, e.payload);
    }
  }

  /** Open sockets on this process, by namespace (the metrics' gauge). */
  socketCounts(): Record<string, number> {
    const counts: Record<string, number> = { '/': this.io?.of('/').sockets.size ?? 0 };
    for (const name of this.namespaces) counts[name] = this.io?.of(name).sockets.size ?? 0;
    return counts;
  }

  /** Another namespace of the same server (the website widget's visitors); null before attach. */
  namespace(name: string): Namespace | null {
    if (!this.io) return null;
    this.namespaces.add(name);
    return this.io.of(name);
  }

  /** Emits in a room of another namespace (on every process with the Redis adapter). */
  emitIn(namespace: string, room: string, event: string, payload: unknown): void {
    this.io?.of(namespace).to(room).emit(event, payload);
  }

  /**
   * Emits in a room of another namespace and waits for the clients' acknowledgements; resolves
   * with how many acknowledged (0 when none is there or one failed to answer in time).
   */
  async emitInWithAck(namespace: string, room: string, event: string, payload: unknown, timeoutMs: number): Promise<number> {
    if (!this.io) return 0;
    try {
      const replies = (await this.io.of(namespace).to(room).timeout(timeoutMs).emitWithAck(event, payload)) as unknown[];
      return replies.length;
    } catch {
      // Not every client answered in time: what they saw is unknown, so nothing is claimed.
      return 0;
    }
  }

  emitToAll<K extends RealtimeEventName>(event: K, payload: RealtimePayload<K>): void {
    this.emit(ROOM_ALL_USERS, event, payload);
  }

  emitToAdmins<K extends RealtimeEventName>(event: K, payload: RealtimePayload<K>): void {
    this.emit(ROOM_ADMINS, event, payload);
  }

  /** Ids of users with at least one live socket (across processes with the Redis adapter). */
  async onlineUserIds(): Promise<Set<number>> {
    if (!this.io) return new Set();
    const sockets = [
      ...(await this.io.in(ROOM_ALL_USERS).fetchSockets()),
      ...(await this.io.of(REFERENCE_NAMESPACE).in(ROOM_ALL_USERS).fetchSockets()),
    ];
    return new Set(sockets.map((s) => (s.data as SocketData).viewer.id));
  }

  async close(): Promise<void> {
    for (const t of this.expiryTimers.values()) clearTimeout(t);
    this.expiryTimers.clear();
    if (this.io) {
      // This process's sockets only: with the Redis adapter a plain disconnectSockets reaches
      // every process, and one process stopping would drop every browser of the installation.
      this.io.local.disconnectSockets(true);
      for (const name of this.namespaces) this.io.of(name).local.disconnectSockets(true);
      // io.close() would also close the HTTP server, which fastify owns.
      this.io.removeAllListeners();
      this.io = null;
    }
    await Promise.all(this.redisClients.map((c) => c.quit().catch(() => undefined)));
    this.redisClients = [];
  }
}

/**
 * The web app sends its token in `auth` only (a query string ends up in access logs). The
 * reference clients send it in the handshake query (`?token=`), some in `auth`: both are read.
 */
function handshakeToken(socket: Socket, dialect: Dialect): string {
  const auth: unknown = socket.handshake.auth?.token;
  if (typeof auth === 'string' && auth) return auth;
  if (dialect !== 'reference') return '';
  const query: unknown = socket.handshake.query?.token;
  return typeof query === 'string' ? query : '';
}

function reply(ack: unknown, value: unknown): void {
  if (typeof ack === 'function') (ack as (v: unknown) => void)(value);
}

/**
 * Browsers always send Origin on cross-origin requests and WebSocket upgrades; it must be this
 * server's own origin or an allowed one. Requests without Origin (same-origin polling, non-browser
 * clients) still need a valid token.
 *
 * "This server" is the Host header. X-Forwarded-Host is anyone's to write: it is read only when
 * the peer is a trusted proxy, or any page could name its own host there and pass as us.
 */
export function isOriginAllowed(req: IncomingMessage, allowed: string[], trustProxy?: (address: string, hop: number) => boolean): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  const peer = req.socket?.remoteAddress ?? '';
  const forwardedHost = trustProxy && peer && trustProxy(peer, 0) ? req.headers['x-forwarded-host'] : undefined;
  const host = forwardedHost ?? req.headers.host;
  if (!host) return false;
  try {
    return new URL(origin).host === String(host).split(',')[0].trim();
  } catch {
    return false;
  }
}
