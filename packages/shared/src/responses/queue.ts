import { z } from 'zod';
import { isoDateTime } from './common.js';

/** A sector. */
export const queueSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    color: z.string(),
    greetingMessage: z.string(),
    absenceMessage: z.string(),
    startWork: z.string(),
    endWork: z.string(),
    /** New pending tickets are assigned to online attendants of the sector, round-robin. */
    autoAssign: z.boolean(),
    /** Open tickets an attendant may hold before auto-assignment passes them by; null = no limit. */
    maxOpenPerAttendant: z.number().int().nullable(),
    /** Position in the bot's sector menu; null = after the positioned sectors, by name. */
    orderQueue: z.number().int().nullable(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Queue' });
export type QueueDTO = z.infer<typeof queueSchema>;
