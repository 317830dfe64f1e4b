/**
 * The website chat widget (channel "webchat"): a connection's widget settings, and the shapes of
 * the visitor API and the visitors' realtime namespace. Used by the connection form, the server
 * and the widget alike.
 */
import type { WebchatConfigDTO, WebchatMessageDTO, WebchatVisitorDTO } from '../webchat-protocol.js';
import { z } from 'zod';
import { text } from './primitives.js';
import { MSG } from './common.js';

export * from '../webchat-protocol.js';

export const WEBCHAT_MSG = {
  invalidSite: 'Invalid site',
  invalidColor: 'Invalid colour',
} as const;

/** Default widget colour (the product's primary colour). */
export const WEBCHAT_DEFAULT_COLOR = '#1976d2';
export const WEBCHAT_MAX_SITES = 50;

/**
 * A site as browsers name it in the Origin header: scheme://host[:port], without path. Anything a
 * person types ("https://shop.example.com/", "http://localhost:8080/page") is reduced to it; what
 * is not an http(s) address answers null.
 */
export function siteOrigin(value: string): string | null {
  // No URL class here: this package runs where neither DOM nor Node types are assumed.
  const match = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?(?:[/?#].*)?$/i.exec(value.trim());
  if (!match) return null;
  const scheme = match[1].toLowerCase();
  const host = match[2].toLowerCase();
  const port = match[3] ? String(Number(match[3])) : '';
  if (port && Number(port) > 65535) return null;
  const defaultPort = (scheme === 'http' && port === '80') || (scheme === 'https' && port === '443');
  return `${scheme}://${host}${port && !defaultPort ? `:${port}` : ''}`;
}

const siteSchema = text()
  .trim()
  .max(300, MSG.tooLong)
  .refine((v) => siteOrigin(v) !== null, WEBCHAT_MSG.invalidSite)
  .transform((v) => siteOrigin(v)!);

/** The widget settings of a webchat connection, as the connection form and API take them. */
export const webchatSettingsInputSchema = z.object({
  /** Sites (origins) whose pages may show the widget; none: the widget shows nowhere. */
  allowedSites: z
    .array(siteSchema)
    .max(WEBCHAT_MAX_SITES)
    .transform((sites) => [...new Set(sites)])
    .optional(),
  color: text()
    .regex(/^#[0-9a-fA-F]{6}$/, WEBCHAT_MSG.invalidColor)
    .optional(),
  /** The widget asks the visitor's name and e-mail (both optional) before the first message. */
  askContact: z.boolean().optional(),
});
export type WebchatSettingsInput = z.infer<typeof webchatSettingsInputSchema>;

export interface WebchatSettingsDTO {
  /** What the script tag's data-channel names (the connection id works too). */
  publicKey: string;
  allowedSites: string[];
  color: string;
  askContact: boolean;
  /**
   * When a new conversation was last refused for arriving faster than the connection's limit (a
   * flood), while that was in the last 10 minutes; absent otherwise.
   */
  floodedAt?: string;
}

/** POST /api/webchat/:channel/visitors: a new visitor, optionally named. */
export const webchatVisitorStartSchema = z.object({
  name: text().trim().max(100, MSG.tooLong).optional(),
  email: z.union([z.literal(''), text().trim().max(254, MSG.tooLong).pipe(z.email(MSG.invalidEmail))]).optional(),
});
export type WebchatVisitorStart = z.infer<typeof webchatVisitorStartSchema>;

/** POST /api/webchat/messages: the visitor writes. The id is the widget's own, so a retry is one message. */
export const webchatSendSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid id'),
  body: text().trim().min(1, MSG.required).max(4096, MSG.tooLong),
});
export type WebchatSend = z.infer<typeof webchatSendSchema>;

/*
 * What the visitor API answers (the widget itself stays free of zod: it reads the plain types of
 * webchat-protocol.ts, which these schemas are checked against).
 */
export const webchatConfigSchema = z.object({
  name: z.string(),
  color: z.string(),
  askContact: z.boolean(),
}) satisfies z.ZodType<WebchatConfigDTO>;
export const webchatVisitorSchema = z.object({ token: z.string(), visitorId: z.string() }) satisfies z.ZodType<WebchatVisitorDTO>;
export const webchatMessageSchema = z.object({
  id: z.string(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.string(),
  mediaName: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<WebchatMessageDTO>;
export const webchatMessagesSchema = z.array(webchatMessageSchema);
