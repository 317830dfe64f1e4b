import { z } from 'zod';
import { text } from './primitives.js';
import { MSG, emailSchema, requiredText } from './common.js';
import { passwordSchema } from './user.js';

export const loginSchema = z.object({
  email: emailSchema,
  password: text({ error: MSG.required }).min(1, MSG.required).max(200, MSG.tooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  name: requiredText(2, 50),
  email: emailSchema,
  password: passwordSchema,
});
export type SignupInput = z.infer<typeof signupSchema>;
