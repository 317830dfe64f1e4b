/**
 * What to do when a socket closes, by baileys' DisconnectReason code (the `reason` of WhatsApp's
 * `failure` node or the `code` of a `stream:error`, Socket/socket.js).
 *
 * Only closes that another attempt can cure are retried. A close that says the pairing or the
 * account itself is unusable ends the session in DISCONNECTED with its reason, where the spec's
 * "try again" and "new QR" buttons are: retrying it every minute forever would only hammer
 * WhatsApp (and, for a ban or an outdated client, never succeed).
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
  /**
   * 500: WhatsApp rejected the session. Kept, because baileys also reports stream errors it does
   * not know as 500: "try again" retries with it, "new QR" starts over.
   */
  | 'bad-session'
  /** 405: this client version is refused until the server is updated. */
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
  /** Anything else (network, server, timeouts): reconnect with backoff. */
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
    case DisconnectReason.badSession:
      return stop('bad-session');
    case OUTDATED_CLIENT:
      return stop('outdated-client');
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

/** Delay before reconnect attempt n (0-based): the configured steps, then the last one forever. */
export function backoffDelay(delays: readonly number[], attempt: number): number {
  return delays[Math.min(attempt, delays.length - 1)] ?? 0;
}
