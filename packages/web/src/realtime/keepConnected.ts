/**
 * Keeps the session's socket connected until the session is over. Socket.IO reconnects on its own
 * after a lost connection, but not after the server refused the handshake (an expired access
 * token) or dropped the socket itself (its token expired, the process is shutting down): then
 * `socket.active` is false and nothing happens unless we act. We refresh the session and connect
 * again; a refresh that fails because the server could not be reached (the process it hit was
 * down, a balancer answered) is tried again with growing delays, for as long as it takes. Only the
 * server's answer that the session is over (401, or the refresh token refused) signs the user out.
 */
import { isApiError } from '../api/ApiError';

export type SocketStatus = 'connecting' | 'connected' | 'reconnecting';

/** The part of a Socket.IO client socket this uses (a fake in tests). */
export interface ManagedSocket {
  /** Whether Socket.IO itself will keep trying (false after a refusal or a server disconnect). */
  readonly active: boolean;
  readonly connected: boolean;
  connect(): unknown;
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
  on(event: 'connect_error', listener: (error: Error) => void): unknown;
}

export interface KeepConnectedOptions {
  /** A fresh access token for the next handshake (POST /auth/refresh_token). */
  refresh: () => Promise<unknown>;
  /** The server said the session is over: sign out. */
  sessionOver: () => void;
  /**
   * Connected (the first time too): events sent before the socket listened were not heard — after a
   * drop, and at start, between what was read and the socket joining its rooms — so read it again.
   */
  resynchronise: () => void;
  onStatus: (status: SocketStatus) => void;
  /** Wait before recovery attempt `n` (0-based). */
  delayMs?: (attempt: number) => number;
}

/**
 * Up to 0.5 s, then up to twice as long each time, up to 30 s ("full jitter"): the clients of a
 * restarted server come back spread over time instead of all at once.
 */
export function backoffDelay(attempt: number): number {
  return Math.random() * Math.min(30_000, 500 * 2 ** attempt);
}

/**
 * The refresh answered that the session cannot go on: 401 (expired, out of hours), or the refresh
 * token refused (403) or its user gone (404) — the server's own answers, not a balancer's page.
 */
export function isSessionRefused(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 401) return true;
  return (error.status === 403 || error.status === 404) && error.code.startsWith('ERR_');
}

/** Starts watching `socket`; returns the function that stops (the socket is being closed). */
export function keepConnected(socket: ManagedSocket, options: KeepConnectedOptions): () => void {
  const delayMs = options.delayMs ?? backoffDelay;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let refreshing = false;
  let connectedBefore = false;
  let stopped = false;

  const recoverLater = () => {
    if (stopped || timer || refreshing) return;
    timer = setTimeout(recover, delayMs(attempt));
    attempt += 1;
  };

  const recover = () => {
    timer = null;
    if (stopped || socket.connected) return;
    refreshing = true;
    options.refresh().then(
      () => {
        refreshing = false;
        // With a fresh token; if the server is still unreachable, Socket.IO retries from here on
        // its own, and a refusal brings us back.
        if (!stopped && !socket.connected) socket.connect();
      },
      (error: unknown) => {
        refreshing = false;
        if (stopped) return;
        if (isSessionRefused(error)) options.sessionOver();
        else recoverLater();
      },
    );
  };

  options.onStatus('connecting');
  socket.on('connect', () => {
    if (timer) clearTimeout(timer);
    timer = null;
    attempt = 0;
    options.onStatus('connected');
    options.resynchronise();
    connectedBefore = true;
  });
  socket.on('disconnect', (reason) => {
    // Our own disconnect: the session is closing this socket.
    if (stopped || reason === 'io client disconnect') return;
    options.onStatus('reconnecting');
    if (!socket.active) recoverLater();
  });
  socket.on('connect_error', () => {
    if (stopped) return;
    options.onStatus(connectedBefore ? 'reconnecting' : 'connecting');
    if (!socket.active) recoverLater();
  });

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
  };
}
