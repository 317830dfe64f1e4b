import { z } from 'zod';
import { TICKET_STATUSES } from '../constants.js';
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
    /** The text before its first edit (edited messages only): the history keeps it. */
    originalBody: z.string().nullable().optional(),
    /** Reactions on the message: the customer's (fromMe false) and the company's (fromMe true). */
    reactions: z.array(z.object({ emoji: z.string(), fromMe: z.boolean() })).optional(),
    ack: z.number().int(),
    /** Outbound delivery: pending (queued), sent, failed; inbound: received; private notes: note. */
    sendState: z.enum(['pending', 'sending', 'sent', 'failed', 'received', 'note']),
    /** Why an outbound message failed (an ERR_ code the web translates), while failed. */
    sendError: z.string().nullable().optional(),
    /** The channel's own code when it refused the message (WhatsApp "463", "479"), while failed. */
    sendErrorCode: z.string().nullable().optional(),
    /** An internal note between staff: never sent to the customer, never counted as a reply. */
    isPrivate: z.boolean(),
    /** The note's author (private notes only; replies show no attendant name). */
    authorName: z.string().nullable().optional(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    contact: z.object({ id: z.number().int(), name: z.string(), number: z.string() }).nullable(),
    userId: z.number().int().nullable(),
    /**
     * The channel could not decrypt this message and asked the customer's phone to send it again:
     * shown as waiting until the resend replaces it (present only when true).
     */
    awaitingResend: z.literal(true).optional(),
  })
  .meta({ id: 'Message', example: MESSAGE_EXAMPLE });
export type MessageDTO = z.infer<typeof messageSchema>;

/**
 * A ticket whose messages are on a page of the conversation: the chat separates each ticket's
 * messages with its protocol and dates.
 */
export const ticketBoundarySchema = z
  .object({
    id: z.number().int(),
    /** The protocol shown to the customer; empty for tickets that never had one. */
    protocol: z.string(),
    status: z.enum(TICKET_STATUSES),
    openedAt: isoDateTime,
    /** When it was last closed; null while it is open or pending. */
    closedAt: isoDateTime.nullable(),
    user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  })
  .meta({ id: 'TicketBoundary' });
export type TicketBoundaryDTO = z.infer<typeof ticketBoundarySchema>;

/**
 * GET /messages/:ticketId: a page of the conversation (within the page oldest first), the ticket,
 * and the tickets the page's messages belong to (the ticket itself, then earlier ones).
 */
export const messagesPageSchema = z.object({
  messages: z.array(messageSchema),
  ticket: ticketSchema,
  /** Messages of the ticket itself (earlier tickets not counted). */
  count: z.number().int(),
  hasMore: z.boolean(),
  tickets: z.array(ticketBoundarySchema),
  /** `before` for the next (older) page; null when the conversation's start is on this page. */
  nextCursor: z.string().nullable(),
  /**
   * What the reader may do to the ticket's messages on its channel (CHANNEL_MESSAGE_ACTIONS, and
   * only for who may reply while the ticket is not closed): react, and edit our own texts within
   * editWindowMinutes of sending them.
   */
  messageActions: z.object({ react: z.boolean(), edit: z.boolean(), editWindowMinutes: z.number().int() }).optional(),
});

/** GET /messages/:ticketId/search: matches, newest first. */
export const messageSearchSchema = z.object({
  matches: z.array(
    z.object({
      id: z.string(),
      ticketId: z.number().int(),
      body: z.string(),
      fromMe: z.boolean(),
      isPrivate: z.boolean(),
      createdAt: isoDateTime,
    }),
  ),
  /** More matches than the answer holds: the reader narrows the search. */
  hasMore: z.boolean(),
});
export type MessageSearchDTO = z.infer<typeof messageSearchSchema>;
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/** POST /messages/:ticketId: one message, or one per file when several were sent. */
export const sentMessagesSchema = z.union([messageSchema, z.array(messageSchema)]).meta({ example: MESSAGE_EXAMPLE });
