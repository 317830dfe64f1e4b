/**
 * What to do when a socket closes, by baileys' DisconnectReason code (the `reason` of WhatsApp's
 * `failure` node or the `code` of a `stream:error`, Socket/socket.js).
 *
 * Only a close that says the pairing or the account itself is unusable (401, 403, 411, a
 * `conflict type="replaced"`) ends the session in DISCONNECTED with its reason, where the spec's
 * "try again" and "new QR" buttons are. Everything else reconnects with capped, jittered backoff
 * and never stops for good: baileys reports any stream error it cannot name, a `failure` without
 * a reason and most WebSocket errors as 500 (Utils/generics.js:289-300 and 339-355,
 * Socket/socket.js:798-801), and its own example reconnects on all of them. A 405 (outdated
 * client) is the driver's to handle: it fetches the current WhatsApp Web version once first.
 */
import { DisconnectReason } from 'baileys';

/** 405: WhatsApp refuses this client version ("Connection Failure", reason 405). */
export const OUTDATED_CLIENT = 405;

/** Why a session stopped for good: the status reason the connection shows. */
export type FatalCloseReason =
  /** 401: the phone removed this device. The pairing is gone: cleared; "try again" shows a new QR. */
  | 'logged-out'
  /** 411: the account's multi-device state does not match this pairing: cleared, pair again. */
  | 'multidevice-mismatch'
  /** 403: WhatsApp refuses this account (banned). Kept: nothing here can fix it. */
  | 'banned'
  /** 405 again after fetching the current WhatsApp Web version: "update needed". */
  | 'outdated-client'
  /** 440: another session took over this account. Reconnecting would fight it. */
  | 'replaced'
  /** The QR was never scanned and baileys gave up generating new ones. */
  | 'qr-timeout';

export type CloseAction =
  /** 515 right after pairing (and other "restart the stream" requests): new socket at once. */
  | { kind: 'restart' }
  /** Stop for good; `clearAuth` when the pairing can never work again. */
  | { kind: 'stop'; reason: FatalCloseReason; clearAuth: boolean }
  /** 405: the client version is refused; the driver refetches the current one before giving up. */
  | { kind: 'outdated' }
  /** Anything else (network, server, unnamed stream errors, timeouts): reconnect with backoff. */
  | { kind: 'reconnect' };

const stop = (reason: FatalCloseReason, clearAuth = false): CloseAction => ({ kind: 'stop', reason, clearAuth });

export function decideOnClose(statusCode: number | undefined, paired: boolean): CloseAction {
  switch (statusCode) {
    case DisconnectReason.restartRequired:
      return { kind: 'restart' };
    case DisconnectReason.loggedOut:
      return stop('logged-out', true);
    case DisconnectReason.multideviceMismatch:
      return stop('multidevice-mismatch', true);
    case DisconnectReason.forbidden:
      return stop('banned');
    case OUTDATED_CLIENT:
      return { kind: 'outdated' };
    case DisconnectReason.connectionReplaced:
      return stop('replaced');
    case DisconnectReason.timedOut:
      return paired ? { kind: 'reconnect' } : stop('qr-timeout');
    default:
      return { kind: 'reconnect' };
  }
}

/** The HTTP-like status code baileys attaches to the error it closes with (a Boom). */
export function closeStatusCode(error: unknown): number | undefined {
  const code = (error as { output?: { statusCode?: unknown } } | undefined)?.output?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

/** How long to wait before reconnect attempt n: doubling from `baseMs` up to `capMs`, ± `jitter`. */
export interface Backoff {
  baseMs: number;
  capMs: number;
  /** Fraction of the delay each wait may vary by, so many connections do not reconnect in step. */
  jitter: number;
}

/** 1 s, 2 s, 4 s … up to a minute, each ±20 %. */
export const DEFAULT_BACKOFF: Backoff = { baseMs: 1_000, capMs: 60_000, jitter: 0.2 };

/** Delay before reconnect attempt n (0-based); `random` in [0, 1) picks the jitter. */
export function reconnectDelay(attempt: number, backoff: Backoff = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const exponential = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.min(attempt, 30));
  const jittered = exponential * (1 + backoff.jitter * (2 * random() - 1));
  return Math.round(Math.max(0, Math.min(backoff.capMs, jittered)));
}

/** The close as the connection's health record shows it: the code and baileys' message. */
export function describeClose(error: unknown): string {
  const code = closeStatusCode(error);
  const message = error instanceof Error ? error.message : undefined;
  return `${code ?? 'no code'}${message ? `: ${message}` : ''}`;
}

/** Delay before retry n (0-based) from a fixed schedule: the steps, then the last one forever. */
export function backoffDelay(delays: readonly number[], attempt: number): number {
  return delays[Math.min(attempt, delays.length - 1)] ?? 0;
}
