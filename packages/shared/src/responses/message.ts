import { z } from 'zod';
import { MESSAGE_MEDIA_TYPES } from '../schemas/message.js';
import { isoDateTime } from './common.js';
import { ticketSchema } from './ticket.js';
import { MESSAGE_EXAMPLE } from './examples.js';

export const quotedMessageSchema = z.object({
  id: z.string(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.enum(MESSAGE_MEDIA_TYPES),
  isDeleted: z.boolean(),
});
export type QuotedMessageDTO = z.infer<typeof quotedMessageSchema>;

export const messageSchema = z
  .object({
    id: z.string(),
    ticketId: z.number().int(),
    body: z.string(),
    fromMe: z.boolean(),
    read: z.boolean(),
    mediaType: z.enum(MESSAGE_MEDIA_TYPES),
    /** Authenticated URL of the media (fetched as a blob with the bearer token). */
    mediaUrl: z.string().nullable(),
    mediaName: z.string().nullable(),
    mediaMime: z.string().nullable(),
    /** Received media that was not kept: too large (over MEDIA_MAX_MB) or not downloadable. */
    mediaError: z.enum(['ERR_MEDIA_TOO_LARGE', 'ERR_WAPP_DOWNLOAD_MEDIA']).nullable().optional(),
    quotedMsg: quotedMessageSchema.nullable(),
    isDeleted: z.boolean(),
    isEdited: z.boolean(),
    ack: z.number().int(),
    /** Outbound delivery: pending (queued), sent, failed; inbound: received; private notes: note. */
    sendState: z.enum(['pending', 'sending', 'sent', 'failed', 'received', 'note']),
    /** Why an outbound message failed (an ERR_ code the web translates), while failed. */
    sendError: z.string().nullable().optional(),
    /** An internal note between staff: never sent to the customer, never counted as a reply. */
    isPrivate: z.boolean(),
    /** The note's author (private notes only; replies show no attendant name). */
    authorName: z.string().nullable().optional(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    contact: z.object({ id: z.number().int(), name: z.string(), number: z.string() }).nullable(),
    userId: z.number().int().nullable(),
  })
  .meta({ id: 'Message', example: MESSAGE_EXAMPLE });
export type MessageDTO = z.infer<typeof messageSchema>;

/** GET /messages/:ticketId: a page of the ticket's messages (newest first) and the ticket. */
export const messagesPageSchema = z.object({
  messages: z.array(messageSchema),
  ticket: ticketSchema,
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/** POST /messages/:ticketId: one message, or one per file when several were sent. */
export const sentMessagesSchema = z.union([messageSchema, z.array(messageSchema)]).meta({ example: MESSAGE_EXAMPLE });
