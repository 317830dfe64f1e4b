/** Outgoing webhooks: what an admin registers, and the deliveries it gets. */
import { z } from 'zod';
import { numeric, text } from './primitives.js';

/** Validation messages (the web maps each to its own text). */
export const WEBHOOK_MSG = {
  invalidUrl: 'Invalid URL',
  chooseEvent: 'Choose at least one event',
  secretTooShort: 'The secret needs at least 16 characters',
} as const;

export const WEBHOOK_EVENTS = [
  'message.created',
  'message.updated',
  'ticket.created',
  'ticket.updated',
  'ticket.transferred',
  'ticket.closed',
  'contact.created',
  'contact.updated',
  'rating.received',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** The test delivery's event (not subscribable). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Headers every delivery carries; the signature is HMAC-SHA256 of `${timestamp}.${body}` with the secret. */
export const WEBHOOK_HEADERS = {
  signature: 'x-switchboard-signature',
  timestamp: 'x-switchboard-timestamp',
  eventId: 'x-switchboard-event-id',
  event: 'x-switchboard-event',
} as const;

const webhookUrl = text()
  .trim()
  .max(2000)
  // http(s) with a host; no spaces (shared code has no URL parser in every runtime).
  .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, WEBHOOK_MSG.invalidUrl);

const webhookEvents = z.array(z.enum(WEBHOOK_EVENTS)).min(1, WEBHOOK_MSG.chooseEvent).max(WEBHOOK_EVENTS.length);
const webhookSecret = text().min(16, WEBHOOK_MSG.secretTooShort).max(200);

export const webhookCreateSchema = z.object({
  url: webhookUrl,
  events: webhookEvents,
  secret: webhookSecret,
  enabled: z.boolean().optional().default(true),
});
export type WebhookCreateInput = z.infer<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.object({
  url: webhookUrl.optional(),
  events: webhookEvents.optional(),
  /** Left out: the secret stays. */
  secret: webhookSecret.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookUpdateInput = z.infer<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** The secret is never shown again; its last characters help tell secrets apart. */
  secretHint: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDTO = z.infer<typeof webhookSchema>;
export const webhooksResponseSchema = z.object({ webhooks: z.array(webhookSchema) });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivering', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  webhookId: z.number().int(),
  eventId: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDeliveryDTO = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  hasMore: z.boolean(),
});
export const webhookDeliveriesQuerySchema = z.object({
  pageNumber: numeric(z.number().int().min(1).max(100000)).optional().default(1),
});
export const webhookDeliveryParamsSchema = z.object({
  id: numeric(z.number().int().positive()),
  deliveryId: numeric(z.number().int().positive()),
});
