import { z } from 'zod';
import { TICKET_STATUSES } from '../constants.js';
import { isoDateTime, namedRefSchema, pageSchema, queueRefSchema, tagRefDtoSchema } from './common.js';

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
  })
  .meta({ id: 'Ticket' });
export type TicketDTO = z.infer<typeof ticketSchema>;

export const ticketsPageSchema = pageSchema('tickets', ticketSchema);
export type TicketsPage = z.infer<typeof ticketsPageSchema>;
