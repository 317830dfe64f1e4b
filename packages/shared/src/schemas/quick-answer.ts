import { z } from 'zod';
import { requiredText } from './common.js';

/** POST /quickAnswers and PUT /quickAnswers/:id (spec §5: shortcut 2–50, message 8–30000). */
export const quickAnswerSaveSchema = z.object({
  shortcut: requiredText(2, 50),
  message: requiredText(8, 30000),
});
export type QuickAnswerSaveInput = z.infer<typeof quickAnswerSaveSchema>;

/** The quick-answer modal uses the route's rules as they are. */
export const quickAnswerFormSchema = quickAnswerSaveSchema;
