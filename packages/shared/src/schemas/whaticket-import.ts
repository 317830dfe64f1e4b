/**
 * The Whaticket import started from the admin page (the same import as `npm run import:whaticket`).
 * The media folder is a folder name under DATA_DIR/import on the server: an administrator of the
 * product must not be able to read any other file of the machine through an import.
 */
import { z } from 'zod';
import { MSG } from './common.js';
import { text } from './primitives.js';
import { SECURITY_SETTING_KEYS } from './settings.js';

export const IMPORT_SOURCE_PATTERN = /^(mysql|mariadb|postgres|postgresql):\/\/\S+$/;
/**
 * MySQL/MariaDB DATETIMEs carry no zone: whaticket-community and Press-Ticket write them in their
 * DB_TIMEZONE, "-03:00" unless configured otherwise (whaticket-community hard-codes it).
 */
export const DEFAULT_SOURCE_TIMEZONE = '-03:00';
/** A fixed UTC offset, as those installs configure it: "-03:00", "+05:30" or "Z". */
export const SOURCE_TIMEZONE_PATTERN = /^(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;

export const whaticketImportStartSchema = z.object({
  from: text({ error: MSG.required }).trim().min(1, MSG.required).max(500, MSG.tooLong).regex(IMPORT_SOURCE_PATTERN, 'Invalid value'),
  media: text()
    .trim()
    .max(100, MSG.tooLong)
    .regex(/^[A-Za-z0-9._-]*$/, 'Invalid value')
    .refine((v) => v !== '.' && v !== '..', 'Invalid value')
    .default(''),
  dryRun: z.boolean().default(true),
  /** The zone a MySQL/MariaDB source's times were written in (PostgreSQL times carry theirs). */
  sourceTimeZone: text().trim().regex(SOURCE_TIMEZONE_PATTERN, 'Invalid value').default(DEFAULT_SOURCE_TIMEZONE),
  /** Security settings whose value the source may replace; every other one keeps its current value. */
  takeSettings: z.array(z.enum(SECURITY_SETTING_KEYS, 'Invalid option')).max(SECURITY_SETTING_KEYS.length).default([]),
});
export type WhaticketImportStartInput = z.infer<typeof whaticketImportStartSchema>;

const tableCount = z.object({ table: z.string(), imported: z.number().int(), already: z.number().int(), skipped: z.number().int() });

export const settingChoiceSchema = z.object({
  key: z.enum(SECURITY_SETTING_KEYS),
  current: z.string(),
  incoming: z.string(),
  taken: z.boolean(),
});
export type SettingChoiceDTO = z.infer<typeof settingChoiceSchema>;

/**
 * Why a difference between an imported row and its source is meant (a verification's reason):
 * a code with its parameters, so the page says it in the reader's language. The English texts
 * (the CLI's and the fallback) are here; the web app has each code in en/pt/es.
 * `skipped` and `changedByImport` carry the import's own reason as it wrote it.
 */
export const VERIFY_REASON_TEXTS = {
  skipped: 'skipped: {{reason}}',
  changedByImport: '{{reason}}',
  cutToLimit: 'cut to {{max}} characters (the limit here)',
  spacesRemoved: 'spaces around it removed',
  matchedExisting: 'matched a row already here, which was kept as it was',
  colourNudged: 'the colour was taken here by another sector, or not a colour (nudged to a free one)',
  wholeDayKept: 'not a time of day: the whole day kept',
  nameNumbered: 'the name was taken here: numbered',
  defaultElsewhere: 'another connection here was the default already: it stays so',
  emailLowerCase: 'e-mail kept in lower case',
  timeDefaultKept: 'not a time of day: the default kept',
  digitsKept: 'kept as digits',
  notAnEmail: 'not an e-mail address: left empty',
  tagColourDefault: 'not a colour: the default tag colour given',
  importedClosed: 'the contact already had an active ticket on this connection: imported closed',
  countNearest: 'not a count: kept as the nearest',
  placeholderConnection: 'its connection is gone from the source: kept on the placeholder connection',
  location: 'a location, kept as coordinates and description',
  ackNearest: 'not a delivery state here (0–5): kept as the nearest',
  readByCompany: 'sent by the company: read by it',
  tagNotImported: 'tag not imported: {{tags}}',
  quoteMissing: 'the quoted message is not in the source, or was not imported',
  mediaNotInFolder: 'the file is not in the media folder',
  noMediaFolder: 'no media folder given',
} as const;
export type VerifyReasonCode = keyof typeof VERIFY_REASON_TEXTS;
export const VERIFY_REASON_CODES = Object.keys(VERIFY_REASON_TEXTS) as [VerifyReasonCode, ...VerifyReasonCode[]];

export const verifyReasonSchema = z.object({
  code: z.enum(VERIFY_REASON_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type VerifyReason = z.infer<typeof verifyReasonSchema>;

/** A reason in English (the CLI's words): its text with the parameters put in. */
export function verifyReasonText(reason: VerifyReason): string {
  return VERIFY_REASON_TEXTS[reason.code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(reason.params[name] ?? ''));
}

/**
 * The verification of a real import (the CLI's --verify): per source table the rows on each side and
 * whether the checksums of times and texts agree; each difference with the import's reason when it
 * meant to make it (explained), or none (unexplained).
 */
export const importVerificationSchema = z.object({
  status: z.enum(['running', 'done', 'failed', 'cancelled']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  tables: z.array(
    z.object({
      table: z.string(),
      sourceRows: z.number().int(),
      imported: z.number().int(),
      notImported: z.number().int(),
      timesSame: z.boolean(),
      textsSame: z.boolean(),
    }),
  ),
  media: z.object({ compared: z.number().int(), identical: z.number().int() }),
  /** The first differences, unexplained ones first (all of them are counted). */
  differences: z.array(
    z.object({
      table: z.string(),
      id: z.string(),
      field: z.string(),
      source: z.string(),
      imported: z.string(),
      /** The reason in English (as the CLI prints it); null when nothing explains the difference. */
      explained: z.string().nullable(),
      /** The same reason as a code and parameters, for the page's language. */
      reason: verifyReasonSchema.nullable(),
    }),
  ),
  differencesTotal: z.number().int(),
  unexplained: z.number().int(),
  error: z.string().nullable(),
});
export type ImportVerificationDTO = z.infer<typeof importVerificationSchema>;

export const importJobSchema = z.object({
  status: z.enum(['running', 'done', 'failed', 'cancelled']),
  dryRun: z.boolean(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Rows read so far per source table. */
  progress: z.array(z.object({ table: z.string(), done: z.number().int(), total: z.number().int() })),
  variant: z.string().nullable(),
  /** The offset the source's zone-less times are read in; null for a source whose times carry their zone. */
  sourceTimeZone: z.string().nullable(),
  summary: z.array(tableCount),
  unknownColumns: z.array(z.string()),
  /** The first skipped rows (all of them are in the job's report). */
  skipped: z.array(z.object({ table: z.string(), id: z.string(), reason: z.string() })),
  skippedTotal: z.number().int(),
  notes: z.array(z.string()),
  /** The first values cut or replaced (all of them are in the job's report), with the source's value. */
  changed: z.array(
    z.object({ table: z.string(), id: z.string(), field: z.string(), source: z.string(), imported: z.string(), reason: z.string() }),
  ),
  changedTotal: z.number().int(),
  /**
   * Security settings whose source value differs from the current one: the values (the API token
   * shortened to its first characters) and whether this run takes the source's.
   */
  settingChoices: z.array(settingChoiceSchema),
  error: z.string().nullable(),
  /** After a real import, every imported row compared with its source; null before, and for a dry run. */
  verification: importVerificationSchema.nullable(),
});
export type ImportJobDTO = z.infer<typeof importJobSchema>;
