import { z } from 'zod';
import { TICKET_ACTIONS } from '../access/index.js';
import { TICKET_STATUSES } from '../constants.js';
import { isoDateTime, namedRefSchema, pageSchema, queueRefSchema, tagRefDtoSchema } from './common.js';
import { TICKET_EXAMPLE, TICKETS_PAGE_EXAMPLE } from './examples.js';

export const ticketContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  profilePicUrl: z.string(),
  isGroup: z.boolean(),
  tags: z.array(tagRefDtoSchema),
});
export type TicketContactDTO = z.infer<typeof ticketContactSchema>;

export const ticketSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(TICKET_STATUSES),
    userId: z.number().int().nullable(),
    queueId: z.number().int().nullable(),
    contactId: z.number().int(),
    whatsappId: z.number().int(),
    lastMessage: z.string(),
    lastMessageAt: isoDateTime.nullable(),
    lastMessageFromMe: z.boolean(),
    unreadMessages: z.number().int(),
    isGroup: z.boolean(),
    chatbot: z.boolean(),
    isTransfer: z.boolean(),
    protocol: z.string(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    contact: ticketContactSchema,
    queue: queueRefSchema.nullable(),
    whatsapp: namedRefSchema.nullable(),
    user: namedRefSchema.nullable(),
    /**
     * What the caller may do to the ticket now (shared access/policy.ts); the web shows exactly
     * these. In REST answers only: a realtime event reaches many users, so it carries none.
     */
    allowedActions: z.array(z.enum(TICKET_ACTIONS)).optional(),
  })
  .meta({ id: 'Ticket', example: TICKET_EXAMPLE });
export type TicketDTO = z.infer<typeof ticketSchema>;

/** GET /tickets (spec §7: tickets, hasMore, count), with the count bounded and a keyset cursor. */
export const ticketsPageSchema = pageSchema('tickets', ticketSchema)
  .extend({
    /** More tickets match than `count` says (the count stopped at TICKETS_COUNT_CAP). */
    countCapped: z.boolean(),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ example: TICKETS_PAGE_EXAMPLE });
export type TicketsPage = z.infer<typeof ticketsPageSchema>;
export type TicketsPageDTO = TicketsPage;
