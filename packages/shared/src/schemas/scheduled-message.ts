import { z } from 'zod';
import { MSG, requiredText } from './common.js';
import { dbIdSchema } from './ids.js';
import { text } from './primitives.js';
import { isLocalDate, isLocalDateTime, RECURRENCES } from '../text/zoned-time.js';
import type { ScheduledMessageDTO } from '../responses/scheduled-message.js';

export const SCHEDULE_MESSAGES = {
  invalidDateTime: 'Invalid date and time',
  invalidDate: 'Invalid date',
  endRequired: 'A repeating message needs an end date',
  endBeforeStart: 'The end is before the first send',
  inPast: 'This time has already passed',
} as const;

/**
 * POST /tickets/:ticketId/scheduledMessages and PUT /scheduledMessages/:id. `sendAt` is a wall time
 * in the company's time zone; a repeating message ends on `until` (that day included).
 */
export const scheduledMessageSaveSchema = z
  .object({
    body: requiredText(1, 4096),
    sendAt: text({ error: MSG.required }).refine(isLocalDateTime, SCHEDULE_MESSAGES.invalidDateTime),
    recurrence: z.enum(RECURRENCES).optional().default('none'),
    until: text().refine(isLocalDate, SCHEDULE_MESSAGES.invalidDate).nullable().optional().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.recurrence === 'none') return;
    if (!v.until) ctx.addIssue({ code: 'custom', path: ['until'], message: SCHEDULE_MESSAGES.endRequired });
    else if (isLocalDateTime(v.sendAt) && v.until < v.sendAt.slice(0, 10)) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: SCHEDULE_MESSAGES.endBeforeStart });
    }
  })
  .meta({
    example: { body: 'Hello {{firstName}}, your order is ready for pickup.', sendAt: '2026-12-01T09:30', recurrence: 'none', until: null },
  });
export type ScheduledMessageSaveInput = z.infer<typeof scheduledMessageSaveSchema>;

/** GET /scheduledMessages: what is scheduled between two days of the company's calendar (both included, at most 62 days). */
export const scheduledCalendarQuerySchema = z
  .object({
    from: text({ error: MSG.required }).refine(isLocalDate, SCHEDULE_MESSAGES.invalidDate),
    to: text({ error: MSG.required }).refine(isLocalDate, SCHEDULE_MESSAGES.invalidDate),
  })
  .refine((q) => q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= 62 * 86_400_000, { path: ['to'], message: 'Invalid value' });
export type ScheduledCalendarQuery = z.infer<typeof scheduledCalendarQuerySchema>;

/** Path parameter `:ticketId`. */
export const scheduledTicketParamSchema = z.object({ ticketId: dbIdSchema });

/** Realtime `scheduledMessage`, to whoever may see the ticket. */
export type ScheduledMessageEvent = { action: 'create' | 'update'; scheduledMessage: ScheduledMessageDTO };
