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
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Queue' });
export type QueueDTO = z.infer<typeof queueSchema>;
