import { z } from 'zod';
import { isoDateTime, pageSchema } from './common.js';

export const quickAnswerSchema = z
  .object({ id: z.number().int(), shortcut: z.string(), message: z.string(), createdAt: isoDateTime, updatedAt: isoDateTime })
  .meta({ id: 'QuickAnswer' });
export type QuickAnswerDTO = z.infer<typeof quickAnswerSchema>;

export const quickAnswersPageSchema = pageSchema('quickAnswers', quickAnswerSchema);
export type QuickAnswersPage = z.infer<typeof quickAnswersPageSchema>;
