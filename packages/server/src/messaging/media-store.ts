/**
 * Media files on disk under generated names. The type is read from the content (never trusted from
 * the client or the file name), sizes are limited per kind, and files are only ever opened by a
 * name this store generated.
 */
import { fileTypeFromBuffer } from 'file-type';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../lib/app-error.js';

export type MediaKind = 'image' | 'audio' | 'video' | 'document' | 'sticker';

export const MEDIA_SIZE_LIMITS: Record<MediaKind, number> = {
  image: 16 * 1024 * 1024,
  sticker: 2 * 1024 * 1024,
  audio: 16 * 1024 * 1024,
  video: 64 * 1024 * 1024,
  document: 100 * 1024 * 1024,
};

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

/** Keeps a display name safe for a Content-Disposition header and a download dialog. */
export function cleanFilename(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>:|?*]/g, '').trim().slice(0, 120);
  return cleaned || fallback;
}

export class MediaStore {
  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  async save(data: Buffer, declared: { filename?: string; kindHint?: MediaKind }): Promise<StoredMedia> {
    const detected = await fileTypeFromBuffer(data);
    const mimetype = detected?.mime ?? 'application/octet-stream';
    const ext = detected?.ext ?? 'bin';
    const kind = kindOfMime(mimetype, declared.kindHint);
    if (data.length > MEDIA_SIZE_LIMITS[kind]) {
      throw new AppError('ERR_VALIDATION', 413, `File too large for ${kind} (max ${MEDIA_SIZE_LIMITS[kind] / 1024 / 1024} MB)`);
    }
    if (data.length === 0) throw new AppError('ERR_VALIDATION', 400, 'Empty file');
    const name = `${randomUUID()}.${ext}`;
    await fsp.writeFile(path.join(this.dir, name), data, { mode: 0o640 });
    return { name, mimetype, filename: cleanFilename(declared.filename, `${kind}.${ext}`), kind, size: data.length };
  }

  private pathOf(name: string): string {
    if (!NAME_PATTERN.test(name)) throw new AppError('ERR_NOT_FOUND', 404);
    return path.join(this.dir, name);
  }

  read(name: string): Promise<Buffer> {
    return fsp.readFile(this.pathOf(name));
  }

  stream(name: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(name));
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
