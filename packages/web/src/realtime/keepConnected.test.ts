import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/ApiError';
import { isSessionRefused as isRefusal, keepConnected, type ManagedSocket, type SocketStatus } from './keepConnected';

/** A Socket.IO client socket as far as keepConnected sees it, driven by the test. */
class FakeSocket implements ManagedSocket {
  active = true;
  connected = false;
  connectCalls = 0;
  private listeners = new Map<string, ((arg?: unknown) => void)[]>();

  on(event: string, listener: (arg: never) => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as (arg?: unknown) => void]);
    return this;
  }
  connect(): this {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }
  private emit(event: string, arg?: unknown) {
    for (const l of this.listeners.get(event) ?? []) l(arg);
  }
  /** The handshake succeeded. */
  accepted() {
    this.connected = true;
    this.emit('connect');
  }
  /** The server dropped the socket (shutting down, token expired): Socket.IO gives up. */
  droppedByServer() {
    this.connected = false;
    this.active = false;
    this.emit('disconnect', 'io server disconnect');
  }
  /** The connection was lost: Socket.IO retries by itself. */
  lost() {
    this.connected = false;
    this.emit('disconnect', 'transport close');
  }
  /** The server refused the handshake (expired token): Socket.IO gives up. */
  refused() {
    this.active = false;
    this.emit('connect_error', new Error('ERR_SESSION_EXPIRED'));
  }
}

const unreachable = () => new ApiError(0, { error: 'ERR_NETWORK' });
const badGateway = () => new ApiError(502, null);

describe('keepConnected', () => {
  let socket: FakeSocket;
  let statuses: SocketStatus[];
  let sessionOver: ReturnType<typeof vi.fn<() => void>>;
  let resynchronise: ReturnType<typeof vi.fn<() => void>>;

  function start(refresh: () => Promise<unknown>) {
    return keepConnected(socket, {
      refresh,
      sessionOver,
      resynchronise,
      onStatus: (s) => statuses.push(s),
      delayMs: (attempt) => 1000 * 2 ** attempt,
    });
  }

  beforeEach(() => {
    vi.useFakeTimers();
    socket = new FakeSocket();
    statuses = [];
    sessionOver = vi.fn<() => void>();
    resynchronise = vi.fn<() => void>();
  });
  afterEach(() => vi.useRealTimers());

  it('after a server drop, a refresh that fails is tried again until it works; then it reconnects and refetches', async () => {
    const refresh = vi.fn().mockRejectedValueOnce(unreachable()).mockRejectedValueOnce(badGateway()).mockResolvedValue({});
    start(refresh);
    socket.accepted();
    // The first connection too: what was read before the socket listened may have missed events.
    expect(resynchronise).toHaveBeenCalledTimes(1);

    socket.droppedByServer();
    expect(statuses.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(socket.connectCalls).toBe(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(socket.connectCalls).toBe(0);
    await vi.advanceTimersByTimeAsync(4000);
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(socket.connectCalls).toBe(1);

    socket.accepted();
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
    expect(resynchronise).toHaveBeenCalledTimes(2);
    expect(sessionOver).not.toHaveBeenCalled();
    // Nothing more is scheduled once connected.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('a refusal when the server is back (token expired meanwhile) refreshes and connects again', async () => {
    const refresh = vi.fn().mockResolvedValue({});
    start(refresh);
    socket.accepted();
    socket.lost();
    // Socket.IO retries a lost connection itself: nothing to do yet.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).not.toHaveBeenCalled();
    expect(statuses.at(-1)).toBe('reconnecting');

    socket.refused();
    await vi.advanceTimersByTimeAsync(1000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(socket.connectCalls).toBe(1);
    socket.accepted();
    expect(statuses.at(-1)).toBe('connected');
    expect(resynchronise).toHaveBeenCalledTimes(2);
  });

  it('the refresh answered 401: the session is over and no more attempts are made', async () => {
    const refresh = vi.fn().mockRejectedValue(new ApiError(401, { error: 'ERR_SESSION_EXPIRED' }));
    start(refresh);
    socket.accepted();
    socket.droppedByServer();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sessionOver).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(socket.connectCalls).toBe(0);
  });

  it('the refresh token refused by the server (403) ends the session; a balancer page does not', () => {
    expect(isRefusal(new ApiError(403, { error: 'ERR_INVALID_TOKEN' }))).toBe(true);
    expect(isRefusal(new ApiError(404, { error: 'ERR_NO_USER_FOUND' }))).toBe(true);
    expect(isRefusal(new ApiError(404, null))).toBe(false);
    expect(isRefusal(new ApiError(503, null))).toBe(false);
    expect(isRefusal(unreachable())).toBe(false);
  });

  it('stopped (signed out, socket closed): a pending attempt does not run', async () => {
    const refresh = vi.fn().mockResolvedValue({});
    const stop = start(refresh);
    socket.accepted();
    socket.droppedByServer();
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).not.toHaveBeenCalled();
    expect(socket.connectCalls).toBe(0);
  });
});
