import { z } from 'zod';
import { SEARCH_MIN_CHARS } from '../constants.js';
import { text, numeric } from './primitives.js';

export const MESSAGE_MEDIA_TYPES = ['chat', 'image', 'audio', 'video', 'document', 'sticker', 'location', 'vcard', 'call_log'] as const;
export type MessageMediaType = (typeof MESSAGE_MEDIA_TYPES)[number];

export const sendMessageSchema = z
  .object({
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
    /**
     * Refused when true: private notes have their own route (POST /tickets/:ticketId/notes). Kept in
     * the schema so a client still sending notes here is told so rather than the note reaching the customer.
     */
    isPrivate: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .optional()
      .transform((v) => v === true || v === 'true'),
  })
  .meta({ example: { body: 'Your order left the warehouse this morning.', idempotencyKey: 'reply-5c1f9e7a' } });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** A private note (POST /tickets/:ticketId/notes): text only, with a client-generated idempotency key. */
export const addNoteSchema = z
  .object({
    body: text().max(65536),
    idempotencyKey: text().min(8).max(100).optional(),
  })
  .meta({ example: { body: 'Customer is a VIP — @Ana Paula please check the invoice.', idempotencyKey: 'note-5c1f9e7a' } });
export type AddNoteBody = z.input<typeof addNoteSchema>;
/** What a client sends to POST /messages/:ticketId: JSON, or the form fields beside the files of a multipart request. */
export type SendMessageBody = z.input<typeof sendMessageSchema>;

/**
 * PUT /messages/:id/reaction: the emoji the company puts on a message; an empty emoji takes the
 * reaction away (as WhatsApp's reactionMessage with empty text does).
 */
export const reactMessageSchema = z
  .object({
    emoji: z
      .string()
      .max(32)
      .refine((v) => v === '' || /^\p{Extended_Pictographic}/u.test(v) || /\p{Regional_Indicator}/u.test(v), 'Not an emoji'),
  })
  .meta({ example: { emoji: '👍' } });
export type ReactMessageInput = z.infer<typeof reactMessageSchema>;

/** PUT /messages/:id: the new text of one of our sent texts, within the channel's edit window. */
export const editMessageSchema = z
  .object({
    body: text().trim().min(1).max(65536),
  })
  .meta({ example: { body: 'Your order left the warehouse this afternoon.' } });
export type EditMessageInput = z.infer<typeof editMessageSchema>;

/**
 * A page of the conversation: `before` (the id of the oldest message the reader holds) continues
 * upward, into the contact's earlier tickets once the ticket's first message is passed; without it
 * `pageNumber` counts pages from the newest (the spec's paging).
 */
export const messagesQuerySchema = z.object({
  pageNumber: numeric(z.number().int().min(1).max(100000)).optional().default(1),
  before: text().min(1).max(100).optional(),
});

/**
 * Search inside a conversation (the ticket and the earlier tickets its reader may see); from
 * SEARCH_MIN_CHARS characters, where the trigram index on message bodies can answer.
 */
export const messageSearchQuerySchema = z.object({
  q: text().trim().min(SEARCH_MIN_CHARS, 'Mensagem muito curta').max(100),
});

/** A user named in a private note, as the mentioned user's notifications list shows it. */
export interface MentionDTO {
  id: number;
  ticketId: number;
  messageId: string;
  body: string;
  byUserName: string | null;
  contactName: string;
  createdAt: string;
  read: boolean;
}

export const mentionSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  messageId: z.string(),
  body: z.string(),
  byUserName: z.string().nullable(),
  contactName: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export const mentionsResponseSchema = z.object({ mentions: z.array(mentionSchema) });

/**
 * The users a note mentions: `@Name` (case-insensitive) followed by the end, a space or
 * punctuation. Longer names win, so "@Ana Paula" is not also "@Ana".
 */
export function findMentions<U extends { id: number; name: string }>(body: string, users: readonly U[]): U[] {
  const lower = body.toLowerCase();
  const sorted = [...users].filter((u) => u.name.trim()).sort((a, b) => b.name.length - a.name.length);
  const taken: [number, number][] = [];
  const found: U[] = [];
  for (const user of sorted) {
    const needle = `@${user.name.trim().toLowerCase()}`;
    let at = lower.indexOf(needle);
    while (at >= 0) {
      const end = at + needle.length;
      const next = lower.charAt(end);
      const free = !taken.some(([s, e]) => at < e && end > s);
      if (free && (next === '' || !/[\p{L}\p{N}_]/u.test(next))) {
        taken.push([at, end]);
        if (!found.includes(user)) found.push(user);
      }
      at = lower.indexOf(needle, at + 1);
    }
  }
  return found;
}
