/**
 * Reads a multipart/form-data request: text fields into an object, files streamed one by one
 * straight into the media store (never whole in memory). Limits: each file by the store's per-kind
 * limits, all files of the request together by `maxRequestBytes`, and the number of files. Callers
 * check who may send *before* calling this, so a refused upload is never read.
 *
 * On any failure the files already saved by this request are deleted and the error is one the
 * client understands: 413 ERR_MEDIA_TOO_LARGE / ERR_UPLOAD_TOO_LARGE, 400 for a truncated or
 * malformed body.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { byteLimit, megabytes, type MediaStore, type StoredMedia } from '../lib/media-store.js';

export interface UploadLimits {
  maxRequestBytes: number;
  maxFiles: number;
  /** The only field name allowed for files (e.g. `medias`); any name when absent. */
  fileField?: string;
}

export interface UploadedStoredFile {
  fieldname: string;
  media: StoredMedia;
}

export interface MultipartUpload {
  fields: Record<string, string>;
  files: UploadedStoredFile[];
}

export const MAX_FILES_PER_REQUEST = 10;

/** Options for @fastify/multipart: its own limits sit just above ours, so ours always answer first. */
export function multipartPluginLimits(mediaMaxBytes: number) {
  return { fileSize: mediaMaxBytes + 1, files: MAX_FILES_PER_REQUEST + 1, fields: 50, fieldSize: 1024 * 1024, parts: 100 };
}

const uploadTooLarge = (limit: number) =>
  new AppError('ERR_UPLOAD_TOO_LARGE', 413, `The files of one request may total at most ${megabytes(limit)}`);

export async function readMultipartUpload(req: FastifyRequest, media: MediaStore, limits: UploadLimits): Promise<MultipartUpload> {
  const fields: Record<string, string> = {};
  const files: UploadedStoredFile[] = [];
  let requestBytes = 0;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (limits.fileField && part.fieldname !== limits.fileField) {
        throw new AppError('ERR_VALIDATION', 400, `Unexpected file field ${part.fieldname}`);
      }
      if (files.length >= limits.maxFiles) {
        throw new AppError('ERR_UPLOAD_TOO_LARGE', 413, `At most ${limits.maxFiles} files per request`);
      }
      // The body ended inside this part and the parser already closed its stream: reading it would
      // wait forever.
      if (part.file.destroyed) throw new AppError('ERR_VALIDATION', 400, 'Invalid multipart body: it ends inside a file');
      const requestBudget = byteLimit(limits.maxRequestBytes - requestBytes, undefined, () => uploadTooLarge(limits.maxRequestBytes));
      const stored = await media.saveStream(part.file, { filename: part.filename }, [requestBudget]);
      requestBytes += stored.size;
      files.push({ fieldname: part.fieldname, media: stored });
    }
    return { fields, files };
  } catch (err) {
    await media.remove(files.map((f) => f.media.name));
    throw asUploadError(err);
  }
}

/** @fastify/multipart and busboy failures → the client's error, never a 500. */
function asUploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number; message?: string };
  switch (e?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('ERR_MEDIA_TOO_LARGE', 413);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('ERR_UPLOAD_TOO_LARGE', 413, e.message);
  }
  // A disk or system failure stays what it is (a 500 that is logged).
  if ((err as { syscall?: string })?.syscall) return err;
  // busboy: "Unexpected end of form", "Malformed part header", a missing boundary…; a client that
  // went away mid-upload ends up here too (nobody reads that answer).
  if (e?.statusCode === undefined || (e.statusCode >= 400 && e.statusCode < 500)) {
    return new AppError('ERR_VALIDATION', 400, `Invalid multipart body: ${e?.message ?? 'unreadable'}`);
  }
  return err;
}
