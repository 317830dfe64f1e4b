import { z } from 'zod';
import { requiredText } from './common.js';
import type { QuickAnswerDTO } from '../responses/quick-answer.js';

/** POST /quickAnswers and PUT /quickAnswers/:id (spec §5: shortcut 2–50, message 8–30000). */
export const quickAnswerSaveSchema = z.object({
  shortcut: requiredText(2, 50),
  message: requiredText(8, 30000),
});
export type QuickAnswerSaveInput = z.infer<typeof quickAnswerSaveSchema>;

/** The quick-answer modal uses the route's rules as they are. */
export const quickAnswerFormSchema = quickAnswerSaveSchema;

/** Realtime `quickAnswer`. `{action:'delete', all:true}` follows DELETE /quickAnswers. */
export type QuickAnswerEvent =
  | { action: 'create' | 'update'; quickAnswer: QuickAnswerDTO }
  | { action: 'delete'; quickAnswerId: number }
  | { action: 'delete'; all: true };
