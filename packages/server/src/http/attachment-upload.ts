/**
 * The file of a scheduled message or a campaign: one file in the multipart field `media`, stored
 * with a chat upload's limits (its type read from the content, WhatsApp's per-kind sizes). Callers
 * check who may attach it *before* calling this, so a refused upload is never read.
 *
 * A file is shared by every message sent from it (each occurrence of a repeating message, each
 * recipient of a campaign): one replaced or removed is deleted only when no message and no other
 * schedule or campaign names it.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { campaigns, messages, scheduledMessages, type StoredMediaRef } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
import { rowsOf } from '../lib/sql.js';
import type { MediaStore } from '../lib/media-store.js';
import { readMultipartUpload } from './multipart-upload.js';

export const ATTACHMENT_FIELD = 'media';

export const ATTACHMENT_ERRORS = {
  400: ['ERR_VALIDATION'],
  413: ['ERR_MEDIA_TOO_LARGE', 'ERR_UPLOAD_TOO_LARGE'],
} as const;

export async function readAttachment(req: FastifyRequest, media: MediaStore, maxRequestBytes: number): Promise<StoredMediaRef> {
  if (!req.isMultipart())
    throw new AppError('ERR_VALIDATION', 400, `Expected multipart/form-data with a file in the field "${ATTACHMENT_FIELD}"`);
  const upload = await readMultipartUpload(req, media, { maxRequestBytes, maxFiles: 1, fileField: ATTACHMENT_FIELD });
  const file = upload.files[0]?.media;
  if (!file) throw new AppError('ERR_VALIDATION', 400, `A file is required in the field "${ATTACHMENT_FIELD}"`);
  // Stickers are only told apart by a hint this route never gives: what is left are the four kinds.
  const kind = file.kind === 'sticker' ? 'image' : file.kind;
  return { name: file.name, mimetype: file.mimetype, filename: file.filename, kind, size: file.size };
}

/** The attachment as the API shows it (the store's own name stays on the server). */
export function presentAttachment(ref: StoredMediaRef | null | undefined) {
  return ref ? { filename: ref.filename, mimetype: ref.mimetype, kind: ref.kind, size: ref.size } : null;
}

/**
 * Deletes a file no longer needed: unless a message sent it, or a schedule or campaign that may
 * still send names it (a cancelled or finished one no longer counts).
 */
export async function releaseAttachment(db: DbOrTx, media: MediaStore, ref: StoredMediaRef | null | undefined): Promise<void> {
  if (!ref) return;
  const [row] = rowsOf(
    await db.execute(sql`select (
      exists (select 1 from ${messages} where ${messages.mediaPath} = ${ref.name})
      or exists (select 1 from ${campaigns} where ${campaigns.media}->>'name' = ${ref.name}
        and ${campaigns.status} not in ('cancelled', 'finished'))
      or exists (select 1 from ${scheduledMessages} where ${scheduledMessages.media}->>'name' = ${ref.name}
        and ${scheduledMessages.status} in ('scheduled', 'failed'))
    ) as used`),
  );
  if (row?.used !== true) await media.remove([ref.name]);
}
