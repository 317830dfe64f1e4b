/**
 * Scheduled messages by their own id, and the calendar of everything scheduled. A chat's list and
 * scheduling a new one hang off the ticket (tickets.ts); a file is attached by multipart upload.
 */
import { scheduledCalendarSchema, scheduledMessageSchema } from '../responses/scheduled-message.js';
import { dbIdParamSchema } from '../schemas/ids.js';
import { scheduledCalendarQuerySchema, scheduledMessageSaveSchema } from '../schemas/scheduled-message.js';
import { route } from './route.js';

export const SCHEDULED_MESSAGE_ROUTES = {
  /** Every send scheduled between two days, on the tickets the caller may see. */
  calendar: route({ method: 'GET', path: '/scheduledMessages', query: scheduledCalendarQuerySchema, answer: scheduledCalendarSchema }),
  update: route({
    method: 'PUT',
    path: '/scheduledMessages/:id',
    params: dbIdParamSchema,
    body: scheduledMessageSaveSchema,
    answer: scheduledMessageSchema,
  }),
  cancel: route({ method: 'DELETE', path: '/scheduledMessages/:id', params: dbIdParamSchema, answer: scheduledMessageSchema }),
};
