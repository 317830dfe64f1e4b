import { z } from 'zod';
import { CHANNEL_KINDS, TICKET_STATUSES } from '../constants.js';
import { isoDateTime } from './common.js';

const named = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** How a closed ticket ended (its last service cycle), or null while it is pending or open. */
export const TICKET_OUTCOMES = ['resolved', 'finished', 'inactive', 'api', 'transferred', 'returned', 'deleted'] as const;

/**
 * GET /tickets/:id/contact-panel: what the attendant should know about the person in the chat —
 * their earlier tickets the reader may see and how each ended, the ratings they gave, how many
 * private notes staff wrote about them, and the connections they are reachable on.
 */
export const contactPanelSchema = z
  .object({
    contactId: z.number().int(),
    tickets: z.array(
      z.object({
        id: z.number().int(),
        protocol: z.string(),
        status: z.enum(TICKET_STATUSES),
        outcome: z.enum(TICKET_OUTCOMES).nullable(),
        createdAt: isoDateTime,
        updatedAt: isoDateTime,
        user: named,
        queue: named,
        connection: named,
        rate: z.number().int().nullable(),
      }),
    ),
    /** Ratings, newest first. */
    ratings: z.array(z.object({ ticketId: z.number().int(), rate: z.number().int(), at: isoDateTime, user: named })),
    /** Private notes on the tickets listed. */
    notesCount: z.number().int(),
    /** Connections the contact has talked on: where the person can be reached. */
    channels: z.array(z.object({ id: z.number().int(), name: z.string(), channel: z.enum(CHANNEL_KINDS), status: z.string() })),
  })
  .meta({ id: 'ContactPanel' });
export type ContactPanelDTO = z.infer<typeof contactPanelSchema>;
