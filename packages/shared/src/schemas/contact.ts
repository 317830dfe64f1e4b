import { z } from 'zod';
import { MSG, requiredText } from './common.js';
import type { TagRef } from './ticket.js';
import { tagRefSchema } from './tag.js';

export const INVALID_NUMBER = 'Invalid number';

/** E-mail that may be empty (stored as ''); anything else must be valid ('Invalid email'). */
export const emailOrEmptySchema = z
  .string({ error: MSG.invalidEmail })
  .trim()
  .max(254, MSG.tooLong)
  .refine((v) => v === '' || z.email().safeParse(v).success, MSG.invalidEmail)
  .transform((v) => v.toLowerCase());

/** Optional e-mail of a new contact: absent means ''. */
export const optionalEmailSchema = emailOrEmptySchema.optional().default('');

/**
 * Contact number for POST /contacts and PUT /contacts/:id: written with the usual separators
 * (spaces, '-', '.', '(', ')', a leading '+') which are removed; what remains must be 8–50 digits.
 */
export const contactNumberSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .transform((v) => v.replace(/[\s\-.()+]/g, ''))
  .pipe(z.string().regex(/^\d*$/, INVALID_NUMBER).min(8, MSG.tooShort).max(50, MSG.tooLong));

/** Number for POST /contact: every non-digit is stripped, then 8–50 digits. */
export const digitsNumberSchema = z
  .string({ error: MSG.required })
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(z.string().min(1, MSG.required).min(8, MSG.tooShort).max(50, MSG.tooLong));

export const extraInfoItemSchema = z.object({
  /** Ignored on input (the list is replaced as a whole); present so a loaded contact can be sent back. */
  id: z.unknown().optional(),
  name: requiredText(1, 100),
  value: z.string().trim().max(2000, MSG.tooLong).optional().default(''),
});

const extraInfoSchema = z.array(extraInfoItemSchema).max(100, MSG.tooLong);

/** POST /contacts. `tags`: ids or objects with `id`. */
export const contactCreateSchema = z.object({
  name: requiredText(2, 50),
  number: contactNumberSchema,
  email: optionalEmailSchema,
  extraInfo: extraInfoSchema.optional().default([]),
  tags: z.array(tagRefSchema).max(500).optional(),
});
export type ContactCreateInput = z.infer<typeof contactCreateSchema>;

/** PUT /contacts/:id. Absent fields are kept; `extraInfo` and `tags`, when sent, replace the lists. */
export const contactUpdateSchema = z.object({
  name: requiredText(2, 50).optional(),
  number: contactNumberSchema.optional(),
  email: emailOrEmptySchema.optional(),
  extraInfo: extraInfoSchema.optional(),
  tags: z.array(tagRefSchema).max(500).optional(),
});
export type ContactUpdateInput = z.infer<typeof contactUpdateSchema>;

/** POST /contact (the quick create of the tickets screen): number digits only after stripping. */
export const contactQuickCreateSchema = z.object({
  name: requiredText(2, 50),
  number: digitsNumberSchema,
  email: optionalEmailSchema,
});
export type ContactQuickCreateInput = z.infer<typeof contactQuickCreateSchema>;

/** The contact modal's schema (spec §5): the same rules as the route. */
export const contactFormSchema = z.object({
  name: requiredText(2, 50),
  number: contactNumberSchema,
  email: optionalEmailSchema,
  extraInfo: z.array(z.object({ name: requiredText(1, 100), value: z.string().max(2000, MSG.tooLong) })),
  tags: z.array(tagRefSchema).optional(),
});

export interface ContactExtraInfoDTO {
  id: number;
  name: string;
  value: string;
}

export interface ContactDTO {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  extraInfo: ContactExtraInfoDTO[];
  tags: TagRef[];
  createdAt: string;
  updatedAt: string;
}

export interface ContactsPage {
  contacts: ContactDTO[];
  hasMore: boolean;
  count: number;
}

/** Realtime `contact`. `{action:'delete', all:true}` follows DELETE /contacts. */
export type ContactEvent =
  | { action: 'create' | 'update'; contact: ContactDTO }
  | { action: 'delete'; contactId: number }
  | { action: 'delete'; all: true };
