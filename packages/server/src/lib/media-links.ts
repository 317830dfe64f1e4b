/**
 * Signed, short-lived links to a message's media, so an `<img>`, `<audio>` or `<video>` (which
 * send no bearer token) can show it: `/api/media/<message id>/<expiry>/<signature>/<file name>`.
 * The signature is an HMAC-SHA256 over the message id and the expiry, keyed from the
 * installation's secrets key (SECRETS_KEY or DATA_DIR/secrets.key), so every process of an
 * installation signs and checks alike. A link is given only to whoever may see the message (it is
 * part of the message as presented to them); whoever holds it may fetch the file until it expires.
 *
 * The expiry is rounded up to the next STEP, so a message keeps the same link for a while and
 * browsers reuse their cached copy instead of downloading the file again. The file name at the end
 * is for the clients (the reference web client shows an image only when the link ends in its
 * extension); it is not signed and not read.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../context.js';

/** Links issued within one STEP share their expiry (seconds). */
export const MEDIA_LINK_STEP_SECONDS = 300;

export const MEDIA_LINK_PREFIX = '/api/media';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/webm': 'weba',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
};

export interface MediaOf {
  id: string;
  mediaPath: string | null;
  mediaName: string | null;
  mediaMime: string | null;
}

export class MediaLinks {
  private readonly key: Buffer;

  constructor(
    secretsKey: Buffer,
    private readonly opts: { lifetimeSeconds: number; publicUrl: string; clock: Clock },
  ) {
    // A key of its own: a link's signature reveals nothing usable against the sealed secrets.
    this.key = createHmac('sha256', secretsKey).update('switchboard media links v1').digest();
  }

  /** The link to a message's media, or null when it has none. */
  linkTo(message: MediaOf): string | null {
    if (!message.mediaPath) return null;
    const now = Math.floor(this.opts.clock.now().getTime() / 1000);
    const expires = Math.ceil((now + this.opts.lifetimeSeconds) / MEDIA_LINK_STEP_SECONDS) * MEDIA_LINK_STEP_SECONDS;
    const name = encodeURIComponent(fileNameOf(message));
    return `${this.opts.publicUrl}${MEDIA_LINK_PREFIX}/${encodeURIComponent(message.id)}/${expires}/${this.sign(message.id, expires)}/${name}`;
  }

  /** 'ok', or why the link is refused (the signature is checked in constant time). */
  check(messageId: string, expires: number, signature: string): 'ok' | 'expired' | 'invalid' {
    const expected = Buffer.from(this.sign(messageId, expires));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return expires * 1000 <= this.opts.clock.now().getTime() ? 'expired' : 'ok';
  }

  private sign(messageId: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${messageId}\n${expires}`).digest('base64url');
  }
}

/** The stored name when it has an extension, else `media.<extension of its type>`. */
function fileNameOf(message: MediaOf): string {
  const stored = message.mediaName?.trim();
  if (stored && /\.[A-Za-z0-9]{1,8}$/.test(stored)) return stored.replace(/[/\\]/g, '_');
  const mime = (message.mediaMime ?? '').split(';')[0].trim().toLowerCase();
  return `media.${EXTENSIONS[mime] ?? 'bin'}`;
}
