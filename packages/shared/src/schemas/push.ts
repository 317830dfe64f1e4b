/**
 * Web Push (issue 29): a device's subscription as the browser gives it (PushSubscription.toJSON()),
 * the device list its owner sees, and the payload a push carries to the service worker.
 */
import { z } from 'zod';
import { isoDateTime } from '../responses/common.js';
import { MESSAGE_LANGUAGES } from '../i18n/api-messages.js';
import { text } from './primitives.js';

export const PUSH_MSG = {
  invalidEndpoint: 'Invalid push endpoint',
  invalidKey: 'Invalid key',
} as const;

const base64url = (min: number, max: number) =>
  text()
    .trim()
    .min(min, PUSH_MSG.invalidKey)
    .max(max, PUSH_MSG.invalidKey)
    .regex(/^[A-Za-z0-9_-]+=*$/, PUSH_MSG.invalidKey);

export const pushSubscribeSchema = z.object({
  endpoint: text()
    .trim()
    .max(2000, PUSH_MSG.invalidEndpoint)
    .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, PUSH_MSG.invalidEndpoint),
  keys: z.object({
    /** 65-byte uncompressed P-256 point: 87 base64url characters (88 with padding). */
    p256dh: base64url(86, 90),
    /** 16 bytes: 22 characters (24 with padding). */
    auth: base64url(22, 24),
  }),
  /** The device as its user will recognise it in the list ("Chrome on Android"). */
  label: text().trim().max(100).optional(),
  hidePreviews: z.boolean().optional(),
  /** The language the device's notifications are written in (the app's language when subscribing). */
  language: z.enum(MESSAGE_LANGUAGES).optional(),
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

export const pushDeviceUpdateSchema = z.object({ hidePreviews: z.boolean() });

export const pushDeviceSchema = z
  .object({
    id: z.number().int(),
    endpoint: z.string(),
    label: z.string(),
    hidePreviews: z.boolean(),
    createdAt: isoDateTime,
    lastSuccessAt: isoDateTime.nullable(),
  })
  .meta({ id: 'PushDevice' });
export type PushDeviceDTO = z.infer<typeof pushDeviceSchema>;

export const pushDevicesSchema = z.object({ devices: z.array(pushDeviceSchema) });

/** The application server key browsers subscribe with (VAPID public key, base64url). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** What the bell would show, as a push: the kind decides the title the service worker writes. */
export const PUSH_KINDS = ['newTicket', 'newMessage', 'mention', 'transfer'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * The decrypted payload the service worker receives. Texts are ready to show (the server writes
 * them in the deployment's language-neutral form: the contact's name and the preview); `body` is
 * absent when the device hides previews.
 */
export interface PushPayload {
  kind: PushKind;
  ticketId: number;
  title: string;
  body?: string;
  /** Where a click goes (the app's own path). */
  url: string;
  /** One notification per ticket: a later push replaces the earlier one. */
  tag: string;
}
