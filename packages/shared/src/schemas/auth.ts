import { z } from 'zod';
import { text } from './primitives.js';
import { MSG, emailSchema, requiredText } from './common.js';

export const loginSchema = z.object({
  email: emailSchema,
  password: text({ error: MSG.required }).min(1, MSG.required).max(200, MSG.tooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  name: requiredText(2, 50),
  email: emailSchema,
  password: text({ error: MSG.required }).min(5, MSG.tooShort).max(50, MSG.tooLong),
});
export type SignupInput = z.infer<typeof signupSchema>;
