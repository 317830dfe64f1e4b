import { z } from 'zod';
import { isoDateTime } from './common.js';

/**
 * What a ticket's story tells (the chat timeline): the attendants' actions, the system's closes,
 * the customer's rating and the bot's steps.
 */
export const TICKET_EVENT_KINDS = [
  'accepted',
  'auto-assigned',
  'transferred',
  'returned',
  'resolved',
  'finished',
  'reopened',
  'closed-inactive',
  'closed-api',
  'rated',
  'bot-menu',
  'bot-sector',
  'directed',
] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];

const named = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** One event of a ticket's story; a user or sector deleted since shows as null. */
export const ticketEventSchema = z
  .object({
    id: z.number().int(),
    ticketId: z.number().int(),
    kind: z.enum(TICKET_EVENT_KINDS),
    at: isoDateTime,
    /** Who acted; null when the system did (bot, inactivity, external API, the customer's rating). */
    actor: named,
    fromUser: named,
    toUser: named,
    fromQueue: named,
    toQueue: named,
    /** Why a transfer was made ('' when no reason was given). */
    reason: z.string(),
    rate: z.number().int().nullable(),
  })
  .meta({ id: 'TicketEvent' });
export type TicketEventDTO = z.infer<typeof ticketEventSchema>;

/** GET /tickets/:id/events: the ticket's story, oldest first. */
export const ticketEventsSchema = z.array(ticketEventSchema);

/** Realtime `ticketEvent`: a new event of a ticket's story. */
export interface TicketStoryEvent {
  event: TicketEventDTO;
}
