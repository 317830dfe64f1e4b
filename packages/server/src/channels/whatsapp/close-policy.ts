/**
 * What to do when a socket closes, by baileys' DisconnectReason code.
 */
import { DisconnectReason } from 'baileys';

export type CloseAction =
  /** 515 right after pairing (and other "restart the stream" requests): new socket at once. */
  | 'restart'
  /** 401: the phone removed this device. Auth is useless now: clear it, stop. */
  | 'logged-out'
  /** 440: another session took over this account. Reconnecting would fight it: stop. */
  | 'replaced'
  /** The QR was never scanned and baileys gave up generating new ones: stop until asked again. */
  | 'qr-timeout'
  /** Anything else (network, server, timeouts): reconnect with backoff. */
  | 'reconnect';

export function decideOnClose(statusCode: number | undefined, paired: boolean): CloseAction {
  switch (statusCode) {
    case DisconnectReason.restartRequired:
      return 'restart';
    case DisconnectReason.loggedOut:
      return 'logged-out';
    case DisconnectReason.connectionReplaced:
      return 'replaced';
    case DisconnectReason.timedOut:
      return paired ? 'reconnect' : 'qr-timeout';
    default:
      return 'reconnect';
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
