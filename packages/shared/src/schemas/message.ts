import { z } from 'zod';

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
  quotedMsg: QuotedMessageDTO | null;
  isDeleted: boolean;
  isEdited: boolean;
  ack: number;
  /** Outbound delivery: pending (queued), sent, failed; inbound: received. */
  sendState: 'pending' | 'sending' | 'sent' | 'failed' | 'received';
  createdAt: string;
  updatedAt: string;
  contact: { id: number; name: string; number: string } | null;
  userId: number | null;
}

export const sendMessageSchema = z.object({
  body: z.string().max(65536).optional().default(''),
  /** The quoted message (its id, or the object the reference client sends). */
  quotedMsg: z
    .union([z.string(), z.object({ id: z.string() }).loose(), z.null()])
    .optional()
    .transform((v) => (v == null ? null : typeof v === 'string' ? v : v.id)),
  read: z.unknown().optional(),
  fromMe: z.unknown().optional(),
  mediaUrl: z.unknown().optional(),
  /** A client-generated key: the same key sends once (double clicks, retried requests). */
  idempotencyKey: z.string().min(8).max(100).optional(),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const messagesQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
});
