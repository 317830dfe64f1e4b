import { z } from 'zod';

/** POST /api/send: the ticket the messages went to and the messages sent. */
export const apiSendResponseSchema = z.object({
  ticketId: z.number().int(),
  contactId: z.number().int(),
  ticketStatus: z.string(),
  messages: z.array(z.looseObject({ id: z.string(), body: z.string(), mediaType: z.string() })),
});
export type ApiSendResponse = z.infer<typeof apiSendResponseSchema>;
