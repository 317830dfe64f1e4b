import { z } from 'zod';
import { RECURRENCES } from '../text/zoned-time.js';
import { isoDateTime } from './common.js';

/**
 * A file sent with a scheduled message or a campaign (an image, document, audio or video, with the
 * limits of a chat upload): what the forms and lists show of it.
 */
export const attachmentSchema = z
  .object({
    filename: z.string(),
    mimetype: z.string(),
    kind: z.enum(['image', 'audio', 'video', 'document']),
    size: z.number().int(),
  })
  .meta({ id: 'Attachment' });
export type AttachmentDTO = z.infer<typeof attachmentSchema>;

export const SCHEDULED_STATUSES = ['scheduled', 'done', 'failed', 'cancelled'] as const;
export type ScheduledStatus = (typeof SCHEDULED_STATUSES)[number];

export const scheduledMessageSchema = z
  .object({
    id: z.number().int(),
    ticketId: z.number().int(),
    contact: z.object({ id: z.number().int(), name: z.string(), number: z.string() }),
    user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    body: z.string(),
    /** Sent with the text as its caption; null for a text alone. */
    media: attachmentSchema.nullable(),
    /** The first send as chosen, a wall time in `timeZone`. */
    startAt: z.string(),
    recurrence: z.enum(RECURRENCES),
    until: z.string().nullable(),
    timeZone: z.string(),
    /** The send due next (scheduled), the one that failed (failed), or the last one (done, cancelled). */
    nextAt: isoDateTime,
    nextLocalAt: z.string(),
    /**
     * scheduled: sends are still to come; done: every send was queued to the outbox; failed: the
     * last send could not be queued (`lastError` says why); cancelled: withdrawn by a user.
     */
    status: z.enum(SCHEDULED_STATUSES),
    lastError: z.string().nullable(),
    sentCount: z.number().int(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'ScheduledMessage' });
export type ScheduledMessageDTO = z.infer<typeof scheduledMessageSchema>;

export const scheduledCalendarSchema = z.object({
  timeZone: z.string(),
  scheduledMessages: z.array(scheduledMessageSchema),
  /** Every send of those messages within the asked days, by wall time in `timeZone`. */
  occurrences: z.array(z.object({ scheduledMessageId: z.number().int(), localAt: z.string(), at: isoDateTime })),
});
export type ScheduledCalendarDTO = z.infer<typeof scheduledCalendarSchema>;
