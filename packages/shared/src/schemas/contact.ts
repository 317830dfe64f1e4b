import { z } from 'zod';
import { text } from './primitives.js';
import { MSG, requiredText } from './common.js';
import { tagRefSchema } from './tag.js';

export const INVALID_NUMBER = 'Invalid number';

/** E-mail that may be empty (stored as ''); anything else must be valid ('Invalid email'). */
export const emailOrEmptySchema = text({ error: MSG.invalidEmail })
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
export const contactNumberSchema = text({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .transform((v) => v.replace(/[\s\-.()+]/g, ''))
  .pipe(text().regex(/^\d*$/, INVALID_NUMBER).min(8, MSG.tooShort).max(50, MSG.tooLong));

/** Number for POST /contact: every non-digit is stripped, then 8–50 digits. */
export const digitsNumberSchema = text({ error: MSG.required })
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(text().min(1, MSG.required).min(8, MSG.tooShort).max(50, MSG.tooLong));

export const extraInfoItemSchema = z.object({
  /** Ignored on input (the list is replaced as a whole); present so a loaded contact can be sent back. */
  id: z.unknown().optional(),
  name: requiredText(1, 100),
  value: text().trim().max(2000, MSG.tooLong).optional().default(''),
});

const extraInfoSchema = z.array(extraInfoItemSchema).max(100, MSG.tooLong);

/** POST /contacts. `tags`: ids or objects with `id`. */
export const contactCreateSchema = z
  .object({
    name: requiredText(2, 50),
    number: contactNumberSchema,
    email: optionalEmailSchema,
    extraInfo: extraInfoSchema.optional().default([]),
    tags: z.array(tagRefSchema).max(500).optional(),
  })
  .meta({ example: { name: 'Ana Souza', number: '5511988887777', email: 'ana@example.com' } });
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
  extraInfo: z.array(z.object({ name: requiredText(1, 100), value: text().max(2000, MSG.tooLong) })),
  tags: z.array(tagRefSchema).optional(),
});

/**
 * One row of a contacts CSV import (the export's columns: name, number, email), validated with the
 * rules of a new contact.
 */
export const contactImportRowSchema = z.object({
  name: requiredText(2, 50),
  number: contactNumberSchema,
  email: optionalEmailSchema,
});
export type ContactImportRow = z.infer<typeof contactImportRowSchema>;

/** The most rows one import takes. */
export const CONTACT_IMPORT_MAX_ROWS = 5000;

/**
 * POST /contacts/import/csv: the file's rows as read by the browser. Each cell is only required to
 * be text here: the service checks every row with contactImportRowSchema and reports each bad row
 * instead of refusing the whole file.
 */
export const contactCsvImportSchema = z.object({
  rows: z
    .array(
      z.object({ name: z.string().max(1000).optional(), number: z.string().max(1000).optional(), email: z.string().max(1000).optional() }),
    )
    .min(1, MSG.required)
    .max(CONTACT_IMPORT_MAX_ROWS, MSG.tooLong),
});
export type ContactCsvImportInput = z.infer<typeof contactCsvImportSchema>;

/** A row the import left out: its index in `rows`, the field and the rule's message. */
export interface ContactImportRowError {
  row: number;
  field: 'name' | 'number' | 'email';
  message: string;
}

/** The spec's message for a number that appears twice in one file. */
export const DUPLICATED_IN_FILE = 'Duplicated in file';

/**
 * Checks the rows as the server will (the web's preview uses it too): the valid ones, and an
 * error per bad row (a number repeated in the file counts once, the later rows are errors).
 */
export function checkContactImportRows(rows: ContactCsvImportInput['rows']): {
  valid: (ContactImportRow & { row: number })[];
  errors: ContactImportRowError[];
} {
  const valid: (ContactImportRow & { row: number })[] = [];
  const errors: ContactImportRowError[] = [];
  const seen = new Set<string>();
  rows.forEach((raw, row) => {
    const parsed = contactImportRowSchema.safeParse({ name: raw.name ?? '', number: raw.number ?? '', email: raw.email ?? '' });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      errors.push({ row, field: (issue.path[0] as ContactImportRowError['field']) ?? 'name', message: issue.message });
      return;
    }
    if (seen.has(parsed.data.number)) {
      errors.push({ row, field: 'number', message: DUPLICATED_IN_FILE });
      return;
    }
    seen.add(parsed.data.number);
    valid.push({ ...parsed.data, row });
  });
  return { valid, errors };
}

/** The columns of the contacts CSV, in the export's order (the import needs name and number). */
export const CONTACT_CSV_COLUMNS = ['name', 'number', 'email'] as const;

/**
 * The rows of a contacts CSV file (header row first, columns in any order, others ignored), or
 * the required columns the header lacks.
 */
export function contactRowsFromCsv(table: string[][]): { rows: ContactCsvImportInput['rows']; missingColumns: string[] } {
  const [header = [], ...body] = table;
  const index = Object.fromEntries(CONTACT_CSV_COLUMNS.map((c) => [c, header.findIndex((h) => h.trim().toLowerCase() === c)]));
  const missingColumns = (['name', 'number'] as const).filter((c) => index[c] < 0);
  if (missingColumns.length) return { rows: [], missingColumns };
  const cell = (line: string[], column: string) => (index[column] >= 0 ? (line[index[column]] ?? '') : '');
  return {
    rows: body.map((line) => ({ name: cell(line, 'name'), number: cell(line, 'number'), email: cell(line, 'email') })),
    missingColumns,
  };
}
