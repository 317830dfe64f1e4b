import { z } from 'zod';
import { text, numeric } from './primitives.js';

/** Spec §5 wording, used by every form and every route. */
export const MSG = {
  required: 'Required',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  invalidEmail: 'Invalid email',
  invalidTime: 'Invalid time',
} as const;

/** A required text field with the spec's messages: 'Required' when empty, then length limits. */
export function requiredText(min: number, max: number) {
  return text({ error: MSG.required }).trim().min(1, MSG.required).min(min, MSG.tooShort).max(max, MSG.tooLong);
}

export const emailSchema = text({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(254, MSG.tooLong)
  .pipe(z.email(MSG.invalidEmail))
  .transform((v) => v.toLowerCase());

/** 'HH:mm', 00:00–23:59. */
export const timeOfDaySchema = text({ error: MSG.required }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.invalidTime);

/** Path parameter `:id` — a positive integer. */
export const idParamSchema = z.object({
  id: numeric(z.number().int().positive()),
});

/** Paged list query of spec §7. */
export const pagedSearchQuerySchema = z.object({
  searchParam: text().max(200).optional().default(''),
  pageNumber: numeric(z.number().int().min(1).max(100000)).optional().default(1),
});
export type PagedSearchQuery = z.infer<typeof pagedSearchQuerySchema>;

/**
 * GET /contacts: the paged search plus `cursor`, the `nextCursor` of the previous page (keyset
 * paging: the next page starts right after its last contact, however deep). Takes precedence over
 * pageNumber, which existing clients keep using.
 */
export const contactsQuerySchema = pagedSearchQuerySchema.extend({
  cursor: text()
    .max(2000)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
    .optional(),
});
export type ContactsQuery = z.infer<typeof contactsQuerySchema>;

/**
 * Flags of spec §3 are the strings 'enabled' / 'desabled' (the reference product's spelling, kept for
 * compatibility). 'disabled' and booleans are accepted on input too.
 */
export const FLAG_ON = 'enabled' as const;
export const FLAG_OFF = 'desabled' as const;
export type Flag = typeof FLAG_ON | typeof FLAG_OFF;
export const flagInputSchema = z
  .union([z.enum(['enabled', 'desabled', 'disabled']), z.boolean()])
  .transform((v) => v === true || v === 'enabled');
export const flagOf = (on: boolean): Flag => (on ? FLAG_ON : FLAG_OFF);
