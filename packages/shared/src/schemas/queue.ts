import { z } from 'zod';
import { numeric, text } from './primitives.js';
import { DEFAULT_SECTOR_HOURS } from '../constants.js';
import { MSG, requiredText, timeOfDaySchema } from './common.js';

/** 'HH:mm' or empty / absent (then the sector default applies). */
const optionalTime = z.union([z.literal(''), z.null(), timeOfDaySchema]).optional();
const optionalMessage = text({ error: MSG.required }).max(10000, MSG.tooLong).optional();

/** The most open tickets a sector's limit per attendant may name. */
export const MAX_OPEN_PER_ATTENDANT = 999;
const INVALID_LIMIT = 'Invalid value';
/** Open tickets per attendant: a whole number 1–999, also written as text (the form's input). */
const openLimit = numeric(
  z.number({ error: INVALID_LIMIT }).int(INVALID_LIMIT).min(1, INVALID_LIMIT).max(MAX_OPEN_PER_ATTENDANT, INVALID_LIMIT),
);
/** The form's empty field and the API's null both mean "no limit". */
const optionalOpenLimit = z.preprocess((v) => (v === '' ? null : v), openLimit.nullable());

/** The highest position a sector can take in the bot's menu. */
export const MAX_MENU_POSITION = 999;
/** Position in the bot's menu, 1–999; empty / null = after the positioned ones, by name. */
const menuPosition = z.preprocess(
  (v) => (v === '' ? null : v),
  numeric(z.number({ error: INVALID_LIMIT }).int(INVALID_LIMIT).min(1, INVALID_LIMIT).max(MAX_MENU_POSITION, INVALID_LIMIT)).nullable(),
);

/**
 * POST /queue. Colour: any CSS colour text of 3–9 characters (named palette colour or hex); unique
 * among sectors regardless of case (ERR_QUEUE_COLOR_ALREADY_EXISTS).
 */
export const queueCreateSchema = z.object({
  name: requiredText(2, 50),
  color: requiredText(3, 9),
  greetingMessage: optionalMessage.default(''),
  absenceMessage: optionalMessage.default(''),
  startWork: optionalTime.transform((v) => v || DEFAULT_SECTOR_HOURS.start),
  endWork: optionalTime.transform((v) => v || DEFAULT_SECTOR_HOURS.end),
  /** New pending tickets go to an online attendant of the sector, round-robin (off by default). */
  autoAssign: z.boolean().optional().default(false),
  /** Auto-assignment passes over attendants holding this many open tickets (any sector); null = no limit. */
  maxOpenPerAttendant: optionalOpenLimit.optional().default(null),
  /** Position in the bot's sector menu; null = after the positioned sectors, by name. */
  orderQueue: menuPosition.optional().default(null),
});
export type QueueCreateInput = z.infer<typeof queueCreateSchema>;

/** PUT /queue/:id. Absent fields are kept; an empty start/end resets it to the default. */
export const queueUpdateSchema = z.object({
  name: requiredText(2, 50).optional(),
  color: requiredText(3, 9).optional(),
  greetingMessage: optionalMessage,
  absenceMessage: optionalMessage,
  startWork: optionalTime.transform((v) => (v === undefined ? undefined : v || DEFAULT_SECTOR_HOURS.start)),
  endWork: optionalTime.transform((v) => (v === undefined ? undefined : v || DEFAULT_SECTOR_HOURS.end)),
  autoAssign: z.boolean().optional(),
  maxOpenPerAttendant: optionalOpenLimit.optional(),
  orderQueue: menuPosition.optional(),
});
export type QueueUpdateInput = z.infer<typeof queueUpdateSchema>;

/** The sector modal: the same rules, every field present (time inputs default 08:00 / 18:00). */
export const queueFormSchema = z.object({
  name: requiredText(2, 50),
  color: requiredText(3, 9),
  greetingMessage: text().max(10000, MSG.tooLong),
  absenceMessage: text().max(10000, MSG.tooLong),
  startWork: z.union([z.literal(''), timeOfDaySchema]),
  endWork: z.union([z.literal(''), timeOfDaySchema]),
  autoAssign: z.boolean(),
  /** The field's text, checked by the route's rule: '' = no limit. */
  maxOpenPerAttendant: text().refine((v) => optionalOpenLimit.safeParse(v).success, INVALID_LIMIT),
  /** The field's text, checked by the route's rule: '' = no position. */
  orderQueue: text().refine((v) => menuPosition.safeParse(v).success, INVALID_LIMIT),
});
/** A sector's editable fields: what the modal holds and what it sends. */
export type QueueFormValues = z.infer<typeof queueFormSchema>;
