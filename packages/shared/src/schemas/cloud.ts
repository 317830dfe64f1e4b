/**
 * WhatsApp Cloud API (Meta's WhatsApp Business Platform): the connection's account fields, the
 * 24-hour customer-service window and approved message templates — one schema for the form and
 * the route.
 */
import { z } from 'zod';
import { text } from './primitives.js';

/**
 * Why a Cloud API send was refused, in words a person can act on (the web translates each). The
 * Graph API's numeric codes are mapped to these on the server.
 */
export const CLOUD_ERROR_CODES = [
  /** Outside the 24-hour customer-service window only an approved template may be sent. */
  'ERR_CLOUD_WINDOW_CLOSED',
  /** The access token is invalid, expired or lacks the WhatsApp permissions. */
  'ERR_CLOUD_AUTH',
  /** Meta's rate limits (account, or messages to this customer): sent again later. */
  'ERR_CLOUD_RATE_LIMIT',
  /** Meta's service was temporarily unavailable: sent again later. */
  'ERR_CLOUD_UNAVAILABLE',
  /** The customer cannot receive it (no WhatsApp account, blocked, or not a valid number). */
  'ERR_CLOUD_UNDELIVERABLE',
  /** The media could not be uploaded or is of a type or size WhatsApp refuses. */
  'ERR_CLOUD_MEDIA',
  /** The template does not exist, is not approved, or its variables do not match. */
  'ERR_CLOUD_TEMPLATE',
  /** The business account or number is restricted (policy, payment or registration). */
  'ERR_CLOUD_ACCOUNT',
  /** Meta refused the request as invalid. */
  'ERR_CLOUD_INVALID',
  /** The connection's Cloud API account is not configured. */
  'ERR_CLOUD_NOT_CONFIGURED',
] as const;
export type CloudErrorCode = (typeof CLOUD_ERROR_CODES)[number];

const graphId = text()
  .trim()
  .regex(/^\d{5,30}$/, 'Invalid id');
const secret = text().trim().min(8, 'Too Short!').max(1000, 'Too Long!');

/** The account as typed when creating a connection: every field required. */
export const cloudAccountSchema = z.object({
  phoneNumberId: graphId,
  businessAccountId: graphId,
  accessToken: secret,
  appSecret: secret,
  verifyToken: secret,
});

/** When editing, a secret left empty keeps the stored one (secrets are never shown again). */
export const cloudAccountUpdateSchema = z.object({
  phoneNumberId: graphId.optional(),
  businessAccountId: graphId.optional(),
  accessToken: secret.optional().or(z.literal('').transform(() => undefined)),
  appSecret: secret.optional().or(z.literal('').transform(() => undefined)),
  verifyToken: secret.optional().or(z.literal('').transform(() => undefined)),
});
export type CloudAccountInput = z.infer<typeof cloudAccountSchema>;
export type CloudAccountUpdateInput = z.infer<typeof cloudAccountUpdateSchema>;

/** What the API shows of the account: the ids, and only whether each secret is set. */
export interface CloudAccountDTO {
  phoneNumberId: string;
  businessAccountId: string;
  hasAccessToken: boolean;
  hasAppSecret: boolean;
  hasVerifyToken: boolean;
  /** Path of the webhook to give Meta (under the server's public origin). */
  webhookPath: string;
}

/** The customer-service window of a ticket (always open on channels that have none). */
export const serviceWindowSchema = z.object({
  /** Whether the channel has such a window at all (Cloud API connections). */
  applies: z.boolean(),
  open: z.boolean(),
  /** When it closes (ISO), while open on a channel that has it. */
  closesAt: z.string().nullable(),
});
export type ServiceWindowDTO = z.infer<typeof serviceWindowSchema>;

export const CLOUD_WINDOW_HOURS = 24;

/** An approved template of the business account, as the picker shows it. */
export const cloudTemplateSchema = z.object({
  name: z.string(),
  language: z.string(),
  category: z.string(),
  /** The body text with its {{1}} … placeholders. */
  body: z.string(),
  /** How many body variables it has ({{1}} … {{n}}). */
  variables: z.number().int(),
});
export type CloudTemplateDTO = z.infer<typeof cloudTemplateSchema>;
export const cloudTemplatesSchema = z.array(cloudTemplateSchema);

export const sendTemplateSchema = z.object({
  name: text().trim().min(1).max(512),
  language: text().trim().min(2).max(15),
  variables: z.array(text().trim().min(1, 'Required').max(1024)).max(50).default([]),
  idempotencyKey: text().min(8).max(100).optional(),
});
export type SendTemplateInput = z.infer<typeof sendTemplateSchema>;

/** Number of distinct {{n}} placeholders of a template body. */
export function templateVariableCount(body: string): number {
  const found = new Set<number>();
  for (const m of body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) found.add(Number(m[1]));
  return found.size;
}

/** The body as the customer will read it, variables in place. */
export function renderTemplateBody(body: string, variables: string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (all, n: string) => variables[Number(n) - 1] ?? all);
}

/** Where Meta posts a Cloud API connection's webhooks (shown on the connection for its Meta set-up). */
export const cloudWebhookPath = (connectionId: number): string => `/api/channels/whatsapp-cloud/${connectionId}/webhook`;
