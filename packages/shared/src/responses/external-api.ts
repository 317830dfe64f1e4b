import { z } from 'zod';
import { API_SEND_RESPONSE_EXAMPLE } from './examples.js';

/** POST /api/send: the ticket the messages went to and the messages sent. */
export const apiSendResponseSchema = z
  .object({
    ticketId: z.number().int(),
    contactId: z.number().int(),
    ticketStatus: z.string(),
    /** The number as WhatsApp knows it (the check may correct the one given). */
    number: z.string(),
    messages: z.array(z.looseObject({ id: z.string(), body: z.string(), mediaType: z.string() })),
  })
  .meta({ example: API_SEND_RESPONSE_EXAMPLE });
export type ApiSendResponse = z.infer<typeof apiSendResponseSchema>;
