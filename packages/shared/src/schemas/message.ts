import { z } from 'zod';
import { text, numeric } from './primitives.js';

export const MESSAGE_MEDIA_TYPES = [
  'chat',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'location',
  'vcard',
  'call_log',
] as const;
export type MessageMediaType = (typeof MESSAGE_MEDIA_TYPES)[number];

export const sendMessageSchema = z.object({
  body: text().max(65536).optional().default(''),
  /** The quoted message (its id, or the object the reference client sends). */
  quotedMsg: z
    .union([text(), z.object({ id: text() }).loose(), z.null()])
    .optional()
    .transform((v) => (v == null ? null : typeof v === 'string' ? v : v.id)),
  read: z.unknown().optional(),
  fromMe: z.unknown().optional(),
  mediaUrl: z.unknown().optional(),
  /** A client-generated key: the same key sends once (double clicks, retried requests). */
  idempotencyKey: text().min(8).max(100).optional(),
  /** The files are a recording to send as a voice note (multipart sends it as "true"). */
  voiceNote: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((v) => v === true || v === 'true'),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const messagesQuerySchema = z.object({
  pageNumber: numeric(z.number().int().min(1).max(100000)).optional().default(1),
});
