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

export interface QuotedMessageDTO {
  id: string;
  body: string;
  fromMe: boolean;
  mediaType: MessageMediaType;
  isDeleted: boolean;
}

export interface MessageDTO {
  id: string;
  ticketId: number;
  body: string;
  fromMe: boolean;
  read: boolean;
  mediaType: MessageMediaType;
  /** Authenticated URL of the media (fetched as a blob with the bearer token). */
  mediaUrl: string | null;
  mediaName: string | null;
  mediaMime: string | null;
  /** Received media that was not kept: too large (over MEDIA_MAX_MB) or not downloadable. */
  mediaError?: 'ERR_MEDIA_TOO_LARGE' | 'ERR_WAPP_DOWNLOAD_MEDIA' | null;
  quotedMsg: QuotedMessageDTO | null;
  isDeleted: boolean;
  isEdited: boolean;
  ack: number;
  /** Outbound delivery: pending (queued), sent, failed; inbound: received. */
  sendState: 'pending' | 'sending' | 'sent' | 'failed' | 'received';
  /** Why an outbound message failed (an ERR_ code the web translates), while failed. */
  sendError?: string | null;
  createdAt: string;
  updatedAt: string;
  contact: { id: number; name: string; number: string } | null;
  userId: number | null;
}

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
