/** Private notes on a ticket and the signed-in user's unread @mentions. */
import { z } from 'zod';
import { messageSchema } from '../responses/message.js';
import { addNoteSchema, mentionsResponseSchema } from '../schemas/message.js';
import { dbIdSchema } from '../schemas/ids.js';
import { route } from './route.js';

export const ticketIdParamSchema = z.object({ ticketId: dbIdSchema });

export const NOTE_ROUTES = {
  // First the mentions: the route-table test reads a feature's path prefix from its first entry.
  unreadMentions: route({ method: 'GET', path: '/mentions', answer: mentionsResponseSchema }),
  /** A note for staff on the ticket: stored with its messages, never sent to the customer. */
  add: route({
    method: 'POST',
    path: '/tickets/:ticketId/notes',
    params: ticketIdParamSchema,
    body: addNoteSchema,
    answer: messageSchema,
    status: 201,
  }),
};
