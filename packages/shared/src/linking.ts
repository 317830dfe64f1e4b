/**
 * Linking a connection without a QR code (a pairing code typed on the phone) and the channel
 * health record shown on the Connections screen: the request schemas serve the form and the route.
 */
import { z } from 'zod';
import { INVALID_NUMBER } from './schemas/contact.js';

/**
 * The number of the phone that will link the connection, in international form (country code
 * first). WhatsApp's pairing code is bound to that number; numbers have 8 to 15 digits (E.164).
 */
export const pairingNumberSchema = z
  .string()
  .trim()
  .regex(/^\+?[\d\s().-]+$/, INVALID_NUMBER)
  .transform((v) => v.replace(/\D/g, ''))
  .refine((v) => v.length >= 8 && v.length <= 15, INVALID_NUMBER);

export const pairingCodeRequestSchema = z.object({ number: pairingNumberSchema }).meta({ example: { number: '+55 11 91234-5678' } });
export type PairingCodeRequest = z.input<typeof pairingCodeRequestSchema>;

/** The code as the channel made it (8 characters); the web shows it as formatPairingCode does. */
export const pairingCodeSchema = z.object({ code: z.string() });
export type PairingCodeDTO = z.infer<typeof pairingCodeSchema>;

/** The simulated phone types the code it was shown (Simulator page, "Link with a code"). */
export const simulatorEnterCodeBodySchema = z.object({
  number: pairingNumberSchema,
  code: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .refine((v) => /^[0-9A-Z]{8}$/.test(v), 'The code has 8 letters and digits'),
});

/** "ABCDEFGH" → "ABCD-EFGH", the way WhatsApp shows a pairing code. */
export function formatPairingCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** One connection's health over the last hour (channels/health.ts). */
export const connectionHealthSchema = z.object({
  connectionId: z.number().int(),
  /** Sends the channel refused, in total and per refusal code ('463', 'ERR_…' without one). */
  refused: z.number().int(),
  refusedByCode: z.record(z.string(), z.number().int()),
  undecryptable: z.number().int(),
  reconnects: z.number().int(),
  rateLimited: z.number().int(),
  /** Why the session last closed (within the last day), and when; '' / null when it did not. */
  lastCloseReason: z.string(),
  lastCloseAt: z.string().nullable(),
  /** Refusals or reconnects reached the configured threshold. */
  alert: z.boolean(),
});
export type ConnectionHealthDTO = z.infer<typeof connectionHealthSchema>;

export const connectionHealthListSchema = z.object({
  /** The thresholds behind `alert` (CHANNEL_HEALTH_ALERT_REFUSALS / _RECONNECTS). */
  thresholds: z.object({ refusals: z.number().int(), reconnects: z.number().int() }),
  connections: z.array(connectionHealthSchema),
});
export type ConnectionHealthListDTO = z.infer<typeof connectionHealthListSchema>;

/**
 * Channel kinds whose driver links by pairing code (implements requestPairingCode); the server
 * tells the web per connection (canPairByCode). The server's linking test checks it against the drivers.
 */
export const PAIRING_CODE_CHANNELS: readonly string[] = ['whatsapp', 'simulator'];
export const canPairByCode = (channel: string): boolean => PAIRING_CODE_CHANNELS.includes(channel);
