/**
 * Which WhatsApp Web version the driver announces at login (the `appVersion` of its client payload,
 * baileys Utils/validate-connection.js:9-15, from the socket's `version` option).
 *
 * WhatsApp retires old versions: a client announcing one gets `failure reason="405"`. baileys
 * bundles a single version (Defaults/index.js:5), so relying on it stops every number the day
 * WhatsApp retires it. The version in use is, in order: WHATSAPP_WEB_VERSION when set; else the
 * current one, read at start from WhatsApp Web's service worker (the `client_revision` it names,
 * the source baileys' own fetchLatestWaWebVersion reads, Utils/generics.js:218-250); else, when
 * WhatsApp cannot be reached in time, baileys' bundled one. After a 405 it is read again once.
 */

export type WebVersion = [number, number, number];

/** Where WhatsApp Web names its current revision (Utils/generics.js:226). */
export const WEB_VERSION_URL = 'https://web.whatsapp.com/sw.js';

/** A start waits at most this long for the current version before using the bundled one. */
export const WEB_VERSION_TIMEOUT_MS = 5_000;

/** "2.3000.1027934701" → [2, 3000, 1027934701]; undefined for anything else. */
export function parseWebVersion(text: string): WebVersion | undefined {
  const match = /^(\d{1,9})\.(\d{1,9})\.(\d{1,12})$/.exec(text.trim());
  if (!match) return undefined;
  const parts = match.slice(1).map(Number);
  return parts.every(Number.isSafeInteger) ? (parts as WebVersion) : undefined;
}

export function formatWebVersion(version: WebVersion): string {
  return version.join('.');
}

/**
 * Reads the current version from the service worker script: its `"client_revision": N` (quotes
 * possibly escaped, as it sits inside a JSON string) is the third part; the first two are 2.3000
 * (Utils/generics.js:235-249). Rejects when the page cannot be read or names no revision.
 */
export async function fetchWebVersion(url: string = WEB_VERSION_URL, timeoutMs: number = WEB_VERSION_TIMEOUT_MS): Promise<WebVersion> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    // The headers WhatsApp Web needs before it serves the script to a non-browser client
    // (the ones baileys sends, Utils/generics.js:220-225).
    headers: {
      'sec-fetch-site': 'none',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    },
  });
  if (!response.ok) throw new Error(`WhatsApp Web version page answered ${response.status}`);
  const match = /\\?"client_revision\\?":\s*(\d+)/.exec(await response.text());
  if (!match) throw new Error('WhatsApp Web version page names no client_revision');
  return [2, 3000, Number(match[1])];
}

export interface WebVersionLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface WebVersionOptions {
  /** WHATSAPP_WEB_VERSION: used as is until WhatsApp refuses it. */
  configured?: WebVersion;
  url?: string;
  timeoutMs?: number;
  /**
   * After a failed read, sessions starting within this long use the version known without asking
   * again (a blocked WhatsApp Web would otherwise delay every reconnect by the timeout).
   */
  retryAfterMs?: number;
  /** The clock; tests move it. */
  now?: () => number;
}

/** Ten minutes between reads of an unreachable WhatsApp Web. */
export const WEB_VERSION_RETRY_MS = 10 * 60_000;

/**
 * The version all of a server's WhatsApp sessions use, fetched once and shared (a server with a
 * hundred numbers asks WhatsApp Web once, not a hundred times).
 */
export class WebVersionSource {
  private known: WebVersion | undefined;
  private fetching: Promise<WebVersion | undefined> | undefined;
  private failedAt: number | undefined;

  constructor(private readonly options: WebVersionOptions = {}) {
    this.known = options.configured;
  }

  /** The version to log in with; undefined means baileys' bundled one. */
  async current(log: WebVersionLog): Promise<WebVersion | undefined> {
    if (this.known) return this.known;
    const now = (this.options.now ?? Date.now)();
    if (this.failedAt !== undefined && now - this.failedAt < (this.options.retryAfterMs ?? WEB_VERSION_RETRY_MS)) return undefined;
    return this.fetchOnce(log);
  }

  /**
   * WhatsApp refused the version in use (405): read the current one again. Resolves with the new
   * version, or undefined when WhatsApp names none or the same one (nothing left to try).
   */
  async refresh(log: WebVersionLog, refused: WebVersion | undefined): Promise<WebVersion | undefined> {
    this.fetching = undefined;
    const fresh = await this.fetchOnce(log);
    if (!fresh || (refused && formatWebVersion(fresh) === formatWebVersion(refused))) return undefined;
    return fresh;
  }

  private fetchOnce(log: WebVersionLog): Promise<WebVersion | undefined> {
    this.fetching ??= fetchWebVersion(this.options.url, this.options.timeoutMs).then(
      (version) => {
        this.known = version;
        this.failedAt = undefined;
        log.info({ version: formatWebVersion(version) }, 'whatsapp web version fetched');
        return version;
      },
      (error: unknown) => {
        // Not reachable now: the bundled (or configured) version is tried; a start after
        // retryAfterMs asks again.
        this.fetching = undefined;
        this.failedAt = (this.options.now ?? Date.now)();
        log.warn({ err: error }, 'whatsapp web version could not be fetched; using the one known');
        return this.known;
      },
    );
    return this.fetching;
  }
}
