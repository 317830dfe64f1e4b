/**
 * Media files on disk under generated names. The type is read from the content (never trusted from
 * the client or the file name), sizes are limited per kind, and files are only ever opened by a
 * name this store generated. Large files arrive as streams and go straight to disk, counted on the
 * way: nothing bigger than its limit is ever held whole in memory or kept.
 */
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from './app-error.js';
import { MATROSKA_HEAD_BYTES, refineSniffedMime } from './matroska-tracks.js';

export type MediaKind = 'image' | 'audio' | 'video' | 'document' | 'sticker';

const MB = 1024 * 1024;

/** Default for MEDIA_MAX_MB: the largest file accepted, uploaded or received. */
export const DEFAULT_MEDIA_MAX_BYTES = 100 * MB;

/**
 * What WhatsApp accepts per kind when we send (images and audio 16 MB, video 64 MB, stickers 2 MB);
 * documents, and anything received, are bounded by the configured maximum alone.
 */
export function mediaSizeLimits(maxBytes: number): Record<MediaKind, number> {
  return {
    image: Math.min(16 * MB, maxBytes),
    sticker: Math.min(2 * MB, maxBytes),
    audio: Math.min(16 * MB, maxBytes),
    video: Math.min(64 * MB, maxBytes),
    document: maxBytes,
  };
}

export const megabytes = (bytes: number): string => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** A file over its limit (413); `limit` in bytes. */
export class MediaTooLargeError extends AppError {
  constructor(readonly limit: number) {
    super('ERR_MEDIA_TOO_LARGE', 413, `File larger than ${megabytes(limit)}`);
  }
}

/** Passes bytes through, counting them; fails as soon as the count goes over `limit`. */
export function byteLimit(
  limit: number,
  onBytes?: (n: number) => void,
  tooLarge: () => Error = () => new MediaTooLargeError(limit),
): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      onBytes?.(chunk.length);
      if (seen > limit) callback(tooLarge());
      else callback(null, chunk);
    },
  });
}

export interface SaveOptions {
  filename?: string;
  kindHint?: MediaKind;
  /**
   * 'upload' (default) applies WhatsApp's per-kind limits, for what we will send; 'received' keeps
   * whatever a channel delivered up to the configured maximum.
   */
  purpose?: 'upload' | 'received';
}

export interface StoredMedia {
  /** Generated file name (the only handle to the file). */
  name: string;
  mimetype: string;
  /** The original name for display and download, cleaned. */
  filename: string;
  kind: MediaKind;
  size: number;
}

const NAME_PATTERN = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

export function kindOfMime(mime: string, hint?: MediaKind): MediaKind {
  if (hint === 'sticker' && mime === 'image/webp') return 'sticker';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  return 'document';
}

/**
 * Keeps a display name safe for a Content-Disposition header and a download dialog: control
 * characters, invisible format characters (right-to-left override and the other bidi controls,
 * which make "invoice\u202Efdp.exe" read as "invoiceexe.pdf") and line separators are removed.
 */
export function cleanFilename(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"<>:|?*]/gu, '')
    .trim()
    .slice(0, 120);
  return cleaned || fallback;
}

/** The first `bytes` of a file (fewer when it is shorter). */
async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export class MediaStore {
  readonly limits: Record<MediaKind, number>;

  /** `maxBytes`: the largest file accepted at all (MEDIA_MAX_MB). */
  constructor(
    readonly dir: string,
    readonly maxBytes: number = DEFAULT_MEDIA_MAX_BYTES,
  ) {
    fs.mkdirSync(dir, { recursive: true });
    this.limits = mediaSizeLimits(maxBytes);
  }

  async save(data: Buffer, declared: SaveOptions): Promise<StoredMedia> {
    const detected = await fileTypeFromBuffer(data);
    const mimetype = refineSniffedMime(detected?.mime ?? 'application/octet-stream', data.subarray(0, MATROSKA_HEAD_BYTES));
    const ext = detected?.ext ?? 'bin';
    const kind = kindOfMime(mimetype, declared.kindHint);
    this.checkSize(data.length, kind, declared.purpose);
    const name = `${randomUUID()}.${ext}`;
    await fsp.writeFile(path.join(this.dir, name), data, { mode: 0o640 });
    return { name, mimetype, filename: cleanFilename(declared.filename, `${kind}.${ext}`), kind, size: data.length };
  }

  /**
   * Writes a stream to disk under a temporary name, stopping (and deleting it) as soon as it passes
   * the maximum; then reads the type from the file's first bytes and applies the per-kind limit.
   * The temporary name never matches NAME_PATTERN, so a half-written file is never served.
   * `extraChecks` run on the bytes first (e.g. the budget of a whole upload request).
   */
  async saveStream(source: Readable, declared: SaveOptions, extraChecks: Transform[] = []): Promise<StoredMedia> {
    const temp = path.join(this.dir, `${randomUUID()}.part`);
    let size = 0;
    const sink = fs.createWriteStream(temp, { mode: 0o640 });
    try {
      await pipeline([source, ...extraChecks, byteLimit(this.maxBytes, (n) => (size += n)), sink]);
      const detected = await fileTypeFromFile(temp);
      const mimetype = refineSniffedMime(detected?.mime ?? 'application/octet-stream', await readHead(temp, MATROSKA_HEAD_BYTES));
      const ext = detected?.ext ?? 'bin';
      const kind = kindOfMime(mimetype, declared.kindHint);
      this.checkSize(size, kind, declared.purpose);
      const name = `${randomUUID()}.${ext}`;
      await fsp.rename(temp, path.join(this.dir, name));
      return { name, mimetype, filename: cleanFilename(declared.filename, `${kind}.${ext}`), kind, size };
    } catch (err) {
      // A source that fails at once can beat the file's opening: the destroyed sink still creates
      // the file, so it is removed only once the sink has closed.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      await fsp.rm(temp, { force: true });
      throw err;
    }
  }

  /** Deletes files this store wrote (a request that failed after some of its files were saved). */
  async remove(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => fsp.rm(this.pathOf(name), { force: true })));
  }

  private checkSize(size: number, kind: MediaKind, purpose: SaveOptions['purpose'] = 'upload'): void {
    if (size === 0) throw new AppError('ERR_VALIDATION', 400, 'Empty file');
    const limit = purpose === 'received' ? this.maxBytes : this.limits[kind];
    if (size > limit) throw new MediaTooLargeError(limit);
  }

  private pathOf(name: string): string {
    if (!NAME_PATTERN.test(name)) throw new AppError('ERR_NOT_FOUND', 404);
    return path.join(this.dir, name);
  }

  read(name: string): Promise<Buffer> {
    return fsp.readFile(this.pathOf(name));
  }

  /** The file, or the bytes `start`…`end` (inclusive) of it. */
  stream(name: string, range?: { start: number; end: number }): fs.ReadStream {
    return fs.createReadStream(this.pathOf(name), range);
  }

  async size(name: string): Promise<number> {
    return (await fsp.stat(this.pathOf(name))).size;
  }

  async exists(name: string): Promise<boolean> {
    try {
      await fsp.access(this.pathOf(name));
      return true;
    } catch {
      return false;
    }
  }
}
