import { z } from 'zod';
import { text, numeric } from './primitives.js';
import { DEFAULT_USER_WORK_TIME } from '../constants.js';
import { MSG, emailSchema, flagInputSchema, requiredText, timeOfDaySchema } from './common.js';

export const USER_FLAGS = [
  'allHistoric',
  'isRemoveTags',
  'viewConection',
  'viewSector',
  'viewName',
  'viewTags',
  'allTicket',
  'campaigns',
] as const;
export type UserFlag = (typeof USER_FLAGS)[number];

/** New users: every flag enabled except allTicket (spec §3) and campaigns (granted by an admin). */
export const DEFAULT_USER_FLAGS: Record<UserFlag, boolean> = {
  allHistoric: true,
  isRemoveTags: true,
  viewConection: true,
  viewSector: true,
  viewName: true,
  viewTags: true,
  allTicket: false,
  campaigns: false,
};

/** An empty password is missing ("Required"); a short one is "Too Short!". Never trimmed. */
export const passwordSchema = text({ error: MSG.required }).min(1, MSG.required).min(5, MSG.tooShort).max(50, MSG.tooLong);

const flagFields = {
  allHistoric: flagInputSchema.optional(),
  isRemoveTags: flagInputSchema.optional(),
  viewConection: flagInputSchema.optional(),
  viewSector: flagInputSchema.optional(),
  viewName: flagInputSchema.optional(),
  viewTags: flagInputSchema.optional(),
  allTicket: flagInputSchema.optional(),
  /** May create and run campaigns (admins always may). */
  campaigns: flagInputSchema.optional(),
};

/** A default connection, or none: null, or the reference clients' spellings of "none" ('' and false). */
const connectionOrNone = z.union([numeric(z.number().int().positive()), z.literal(''), z.literal(false), z.null()]);
const isNone = (v: unknown) => v === '' || v === false || v === null;

/** Creating: absent means none. */
const optionalId = connectionOrNone.optional().transform((v) => (v === undefined || isNone(v) ? null : v));

/** Updating: absent keeps the current connection (a partial update must not clear it); none clears it. */
const keptOrClearedId = connectionOrNone.optional().transform((v) => (v === undefined ? undefined : isNone(v) ? null : v));

/** Work hours: an empty value (how the reference clients say "no hours") means the whole day. */
const workTime = (bound: 'start' | 'end') =>
  z.preprocess((v) => (v === '' || v === null ? DEFAULT_USER_WORK_TIME[bound] : v), timeOfDaySchema);

/** Fields every user may send; the server drops the admin-only ones for non-admins (spec §6). */
export const userCreateSchema = z.object({
  name: requiredText(2, 50),
  email: emailSchema,
  password: passwordSchema,
  profile: z.enum(['admin', 'user']).optional().default('user'),
  whatsappId: optionalId,
  queueIds: z.array(numeric(z.number().int().positive())).max(500).optional().default([]),
  startWork: workTime('start').optional().default(DEFAULT_USER_WORK_TIME.start),
  endWork: workTime('end').optional().default(DEFAULT_USER_WORK_TIME.end),
  ...flagFields,
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = z.object({
  name: requiredText(2, 50).optional(),
  email: emailSchema.optional(),
  /** Empty or absent keeps the current password. */
  password: z
    .union([z.literal(''), passwordSchema])
    .optional()
    .transform((v) => (v ? v : undefined)),
  profile: z.enum(['admin', 'user']).optional(),
  whatsappId: keptOrClearedId,
  queueIds: z.array(numeric(z.number().int().positive())).max(500).optional(),
  startWork: workTime('start').optional(),
  endWork: workTime('end').optional(),
  ...flagFields,
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
/** What a client sends to POST /users (create) or PUT /users/:id (update). */
export type UserCreateBody = z.input<typeof userCreateSchema>;
export type UserUpdateBody = z.input<typeof userUpdateSchema>;

/** Fields only an admin may set, on anyone (spec §6: profile, sectors, hours and permission flags). */
export const ADMIN_ONLY_USER_FIELDS = ['profile', 'queueIds', 'startWork', 'endWork', ...USER_FLAGS] as const;

/** The form's schema: the same rules, with a password required only when creating. */
export const userFormSchema = (mode: 'create' | 'edit') =>
  z.object({
    name: requiredText(2, 50),
    email: emailSchema,
    password: mode === 'create' ? passwordSchema : z.union([z.literal(''), passwordSchema]),
    profile: z.enum(['admin', 'user']),
    whatsappId: z.union([z.number(), z.literal('')]),
    queueIds: z.array(z.number()),
    startWork: timeOfDaySchema,
    endWork: timeOfDaySchema,
    allHistoric: z.enum(['enabled', 'desabled']),
    isRemoveTags: z.enum(['enabled', 'desabled']),
    viewConection: z.enum(['enabled', 'desabled']),
    viewSector: z.enum(['enabled', 'desabled']),
    viewName: z.enum(['enabled', 'desabled']),
    viewTags: z.enum(['enabled', 'desabled']),
    allTicket: z.enum(['enabled', 'desabled']),
    campaigns: z.enum(['enabled', 'desabled']),
  });
