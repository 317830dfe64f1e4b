import { z } from 'zod';
import { text, numeric } from './primitives.js';
import { CHANNEL_KINDS, DEFAULT_CONNECTION_HOURS, TIME_INACTIVE_OPTIONS_HOURS, WEEKDAYS, type Weekday } from '../constants.js';
import { requiredText, timeOfDaySchema } from './common.js';
import { cloudAccountSchema, cloudAccountUpdateSchema } from './cloud.js';
import { webchatSettingsInputSchema } from './webchat.js';

/** 'monday' → 'Monday', for the spec's field names StartDefineWorkHours{Day}… */
export const dayLabel = (d: Weekday) => (d.charAt(0).toUpperCase() + d.slice(1)) as Capitalize<Weekday>;

export interface DayHours {
  enabled: boolean;
  start: string;
  end: string;
  lunchStart: string;
  lunchEnd: string;
}
export type WeekHours = Record<Weekday, DayHours>;

/** Default hours 08:00–18:00 with lunch 12:00–13:00; Monday to Friday open (spec §3). */
export function defaultWeekHours(): WeekHours {
  const day = (enabled: boolean): DayHours => ({ enabled, ...DEFAULT_CONNECTION_HOURS });
  return {
    monday: day(true),
    tuesday: day(true),
    wednesday: day(true),
    thursday: day(true),
    friday: day(true),
    saturday: day(false),
    sunday: day(false),
  };
}

/** The flat fields of spec §3: monday…, StartDefineWorkHoursMonday, …Lunch. */
export type FlatWorkHours = Record<string, boolean | string>;

export function flattenWeekHours(week: WeekHours): FlatWorkHours {
  const flat: FlatWorkHours = {};
  for (const d of WEEKDAYS) {
    const L = dayLabel(d);
    flat[d] = week[d].enabled;
    flat[`StartDefineWorkHours${L}`] = week[d].start;
    flat[`EndDefineWorkHours${L}`] = week[d].end;
    flat[`StartDefineWorkHours${L}Lunch`] = week[d].lunchStart;
    flat[`EndDefineWorkHours${L}Lunch`] = week[d].lunchEnd;
  }
  return flat;
}

/** Reads the flat fields present in `input` over `base` (absent fields keep their value). */
export function mergeWeekHours(base: WeekHours, input: Record<string, unknown>): WeekHours {
  const out = JSON.parse(JSON.stringify(base)) as WeekHours;
  for (const d of WEEKDAYS) {
    const L = dayLabel(d);
    if (typeof input[d] === 'boolean') out[d].enabled = input[d];
    const pick = (k: string) => (typeof input[k] === 'string' ? input[k] : undefined);
    out[d].start = pick(`StartDefineWorkHours${L}`) ?? out[d].start;
    out[d].end = pick(`EndDefineWorkHours${L}`) ?? out[d].end;
    out[d].lunchStart = pick(`StartDefineWorkHours${L}Lunch`) ?? out[d].lunchStart;
    out[d].lunchEnd = pick(`EndDefineWorkHours${L}Lunch`) ?? out[d].lunchEnd;
  }
  return out;
}

/**
 * The reference clients send an hour they leave blank (a day that is closed) as '' or null:
 * that is "not given", so the day keeps its hours (the defaults on create).
 */
const hourOrBlank = z.preprocess((v) => (v === '' || v === null ? undefined : v), timeOfDaySchema.optional());

const workHourFields: Record<string, z.ZodType> = {};
for (const d of WEEKDAYS) {
  const L = dayLabel(d);
  workHourFields[d] = z.boolean().optional();
  workHourFields[`StartDefineWorkHours${L}`] = hourOrBlank;
  workHourFields[`EndDefineWorkHours${L}`] = hourOrBlank;
  workHourFields[`StartDefineWorkHours${L}Lunch`] = hourOrBlank;
  workHourFields[`EndDefineWorkHours${L}Lunch`] = hourOrBlank;
}

const optionalText = text().max(4000, 'Too Long!').optional();
const isoDay = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date');

const connectionFields = {
  name: requiredText(2, 50),
  channel: z.enum(CHANNEL_KINDS).optional(),
  isDefault: z.boolean().optional(),
  isDisplay: z.boolean().optional(),
  isGroup: z.boolean().optional(),
  greetingMessage: optionalText,
  farewellMessage: optionalText,
  ratingMessage: optionalText,
  transferTicketMessage: optionalText,
  inactiveMessage: optionalText,
  outOfWorkMessage: optionalText,
  sendInactiveMessage: z.boolean().optional(),
  // The reference clients' empty form sends '' for "no inactivity message" (0, disabled) and for
  // "no work hours" (false).
  timeInactiveMessage: z
    .preprocess(
      (v) => (v === '' || v === null ? 0 : v),
      numeric(z.number().refine((v) => (TIME_INACTIVE_OPTIONS_HOURS as readonly number[]).includes(v), 'Invalid option')),
    )
    .optional(),
  defineWorkHours: z.preprocess((v) => (v === '' || v === null ? false : v), z.boolean()).optional(),
  holidays: z.array(isoDay).max(366).optional(),
  queueIds: z.array(numeric(z.number().int().positive())).max(200).optional(),
  defaultQueueId: z.union([numeric(z.number().int().positive()), z.null()]).optional(),
  /** Website widget settings (webchat connections only). */
  webchat: webchatSettingsInputSchema.optional(),
  ...workHourFields,
};

export const connectionCreateSchema = z
  .object({ ...connectionFields, cloud: cloudAccountSchema.optional() })
  .refine((v) => (v.channel === 'whatsapp-cloud') === (v.cloud !== undefined), {
    message: 'The Cloud API account is required for, and only for, WhatsApp Cloud API connections',
    path: ['cloud'],
  });
export const connectionUpdateSchema = z.object({
  ...connectionFields,
  name: requiredText(2, 50).optional(),
  cloud: cloudAccountUpdateSchema.optional(),
});
export type ConnectionCreateInput = z.infer<typeof connectionCreateSchema> & Record<string, unknown>;
export type ConnectionUpdateInput = z.infer<typeof connectionUpdateSchema> & Record<string, unknown>;
/** What a client sends to POST /whatsapp (create) or PUT /whatsapp/:id (update). */
export type ConnectionCreateBody = z.input<typeof connectionCreateSchema>;
export type ConnectionUpdateBody = z.input<typeof connectionUpdateSchema>;
