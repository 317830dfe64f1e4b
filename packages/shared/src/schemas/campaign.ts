/**
 * Campaigns: one message sent to an audience through the outbox, paced per connection. The save
 * schema serves the web's dialog and the routes; the DTOs are what the API and realtime present.
 */
import { z } from 'zod';
import { isoDateTime } from '../responses/common.js';
import { attachmentSchema } from '../responses/scheduled-message.js';
import { MSG, requiredText } from './common.js';
import { dbIdSchema, MAX_DB_ID } from './ids.js';
import { numeric, text } from './primitives.js';

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'running', 'paused', 'stopped', 'cancelled', 'finished'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * A recipient as shown: queued (not sent yet), sending (handed to the outbox, not yet accepted by
 * the channel), sent, delivered, read, replied, failed (with reason) or skipped (opted out).
 */
export const RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'read', 'replied', 'failed', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** The campaign form's own validation messages (translated through VALIDATION_MESSAGES). */
export const CAMPAIGN_MSG = {
  chooseConnection: 'Choose a connection',
  gapOrder: 'The longest gap is shorter than the shortest',
  invalidValue: 'Invalid value',
} as const;

/**
 * Why a campaign is not sending right now: it waits for its start time, was paused, its connection
 * is disconnected, the connection's hours are closed, or the pacing holds it (the random gap
 * between two sends, the hourly or daily cap, the warm-up of a new number, the Cloud API tier).
 */
export const CAMPAIGN_WAITS = [
  'scheduled',
  'paused',
  'disconnected',
  'hours',
  'gap',
  'hourlyCap',
  'dailyCap',
  'warmup',
  'cloudTier',
] as const;
export type CampaignWait = (typeof CAMPAIGN_WAITS)[number];

/** Why a campaign stopped itself. */
export const CAMPAIGN_STOP_REASONS = ['refusals', 'disconnects', 'connectionRemoved'] as const;

/** Meta's messaging limit tiers: unique customers a number may start conversations with per rolling 24 h. */
export const CLOUD_TIERS = [250, 1000, 10000, 100000] as const;

/**
 * Pacing of a campaign on its connection. The defaults and their reasoning are in
 * docs/operations.md ("Campaign pacing"); the caps count every campaign on the same connection.
 */
export const DEFAULT_CAMPAIGN_PACING = {
  /** Gap between two sends, drawn at random between these (seconds): no machine-regular rhythm. */
  minGapSeconds: 20,
  maxGapSeconds: 60,
  hourlyCap: 60,
  dailyCap: 300,
  /** New numbers start low and double each day: day 1 at most 20, day 2 40, … up to dailyCap. */
  warmup: true,
  warmupStart: 20,
  /** Sends only while the connection's work hours are open (when it defines them). */
  respectWorkHours: true,
  /** The campaign stops itself after this many refused sends in a row (463 and the like)… */
  stopAfterRefusals: 5,
  /** …or after the connection dropped this many times while it ran. */
  stopAfterDisconnects: 3,
  /** Cloud API connections: the number's messaging limit tier (unique customers per 24 h). */
  cloudTier: 1000,
} as const;

const count = (max: number) =>
  z
    .number({ error: CAMPAIGN_MSG.invalidValue })
    .int(CAMPAIGN_MSG.invalidValue)
    .min(0, CAMPAIGN_MSG.invalidValue)
    .max(max, CAMPAIGN_MSG.invalidValue);
export const campaignPacingSchema = z
  .object({
    minGapSeconds: count(3600),
    maxGapSeconds: count(3600),
    hourlyCap: count(100_000),
    dailyCap: count(1_000_000),
    warmup: z.boolean(),
    warmupStart: count(100_000),
    respectWorkHours: z.boolean(),
    stopAfterRefusals: count(100_000),
    stopAfterDisconnects: count(1000),
    cloudTier: z.number({ error: CAMPAIGN_MSG.invalidValue }).int(CAMPAIGN_MSG.invalidValue).min(1, CAMPAIGN_MSG.invalidValue),
  })
  .refine((p) => p.maxGapSeconds >= p.minGapSeconds, { path: ['maxGapSeconds'], message: CAMPAIGN_MSG.gapOrder });
export type CampaignPacing = z.infer<typeof campaignPacingSchema>;

export const campaignAudienceSchema = z.object({
  tagIds: z.array(dbIdSchema).max(200).default([]),
  /** Contacts with a ticket in one of these sectors. */
  queueIds: z.array(dbIdSchema).max(200).default([]),
  /** Contacts with an open (or waiting) ticket, or with a ticket active within `recentDays`. */
  tickets: z.enum(['none', 'open', 'recent']).default('none'),
  recentDays: z
    .number({ error: CAMPAIGN_MSG.invalidValue })
    .int(CAMPAIGN_MSG.invalidValue)
    .min(1, CAMPAIGN_MSG.invalidValue)
    .max(365, CAMPAIGN_MSG.invalidValue)
    .default(30),
  /** Rows of an uploaded CSV (phone,name): unknown numbers become contacts. */
  csv: z
    .array(
      z.object({
        number: text()
          .transform((v) => v.replace(/\D/g, ''))
          .pipe(z.string().min(8, 'Invalid number').max(20, 'Invalid number')),
        name: text().trim().max(100, MSG.tooLong).default(''),
      }),
    )
    .max(50_000)
    .default([]),
});
export type CampaignAudience = z.infer<typeof campaignAudienceSchema>;

export const campaignTemplateSchema = z.object({
  name: requiredText(1, 512),
  language: requiredText(2, 20),
  variables: z.array(text().max(1024, MSG.tooLong)).max(20, MSG.tooLong).default([]),
});

/** POST /campaigns and PUT /campaigns/:id (while a draft or scheduled). */
export const campaignSaveSchema = z
  .object({
    name: requiredText(1, 120),
    /** Required: the connection the campaign sends from. */
    whatsappId: numeric(
      z
        .number({ error: CAMPAIGN_MSG.chooseConnection })
        .int(CAMPAIGN_MSG.chooseConnection)
        .positive(CAMPAIGN_MSG.chooseConnection)
        .max(MAX_DB_ID, CAMPAIGN_MSG.chooseConnection),
    ),
    /** The text, with {{name}}, {{firstName}} and the other message variables; a template's text as read (Cloud). */
    body: text().trim().max(4096, MSG.tooLong).default(''),
    template: campaignTemplateSchema.nullable().default(null),
    audience: campaignAudienceSchema,
    pacing: campaignPacingSchema.default({ ...DEFAULT_CAMPAIGN_PACING }),
    /** When to start (ISO); null keeps it a draft until started by hand. */
    startAt: isoDateTime.nullable().default(null),
  })
  .refine((c) => c.body.length > 0 || c.template !== null, { path: ['body'], message: 'Required' })
  .meta({
    example: {
      name: 'Black Friday',
      whatsappId: 1,
      body: 'Hi {{firstName}}, our sale starts tomorrow.',
      template: null,
      audience: { tagIds: [1], queueIds: [], tickets: 'none', recentDays: 30, csv: [] },
      pacing: { ...DEFAULT_CAMPAIGN_PACING },
      startAt: null,
    },
  });
export type CampaignSaveInput = z.infer<typeof campaignSaveSchema>;
export type CampaignSaveBody = z.input<typeof campaignSaveSchema>;

export const campaignRecipientsQuerySchema = z.object({
  status: z.enum(RECIPIENT_STATUSES).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const campaignCountsSchema = z.object(
  Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, z.number().int()])) as Record<RecipientStatus, z.ZodNumber>,
);
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

export const campaignSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    whatsappId: z.number().int(),
    connection: z.object({ id: z.number().int(), name: z.string(), channel: z.string() }),
    user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    body: z.string(),
    template: campaignTemplateSchema.nullable(),
    /** Sent with the text as its caption (not with a Cloud API template); null for a text alone. */
    media: attachmentSchema.nullable(),
    audience: campaignAudienceSchema,
    pacing: campaignPacingSchema,
    startAt: isoDateTime.nullable(),
    status: z.enum(CAMPAIGN_STATUSES),
    /** Why it stopped itself (`refusals`, `disconnects`, …) with the numbers, e.g. "refusals: 5 refused sends in a row (463)". */
    stopReason: z.string().nullable(),
    /** Why it is not sending now (from the job's last look), and until when when that is known; null while it sends or has ended. */
    waiting: z.object({ reason: z.enum(CAMPAIGN_WAITS), until: isoDateTime.nullable() }).nullable(),
    total: z.number().int(),
    counts: campaignCountsSchema,
    startedAt: isoDateTime.nullable(),
    finishedAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Campaign' });
export type CampaignDTO = z.infer<typeof campaignSchema>;

export const campaignRecipientSchema = z.object({
  id: z.number().int(),
  contactId: z.number().int(),
  name: z.string(),
  number: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  reason: z.string().nullable(),
  messageId: z.string().nullable(),
  ticketId: z.number().int().nullable(),
  sentAt: isoDateTime.nullable(),
  repliedAt: isoDateTime.nullable(),
});
export type CampaignRecipientDTO = z.infer<typeof campaignRecipientSchema>;

export const campaignRecipientsPageSchema = z.object({ recipients: z.array(campaignRecipientSchema), total: z.number().int() });
