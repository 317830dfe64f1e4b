/**
 * Linking steps baileys 7.0.0-rc14 does not carry out itself.
 *
 * Since 2026 WhatsApp asks some accounts (Business ones above all) for a passkey before it links a
 * companion: a `notification type="passkey_prologue_request"` (or `crsc_continuation`) arrives
 * while linking, and the official web client answers it with a WebAuthn assertion for rpId
 * "whatsapp.com" (Baileys issue #2672; proposals Baileys PR #2689 and #2696, evolution-api PR
 * #2628; implemented in whatsmeow PR #1186). rc14 acks the notification and ignores it
 * (Socket/messages-recv.js:796-960 processNotification has no case for it, handleNotification
 * :1235-1262 acks), so the link never completes. baileys' socket emits every frame as
 * `CB:<tag>,<attr>:<value>` on `sock.ws` (Socket/socket.js:455-465), which is how we see it.
 */
import type { WASocket } from 'baileys';

/** The status reason of a connection WhatsApp asked for a passkey (docs/whatsapp-linking.md). */
export const PASSKEY_REQUIRED = 'passkey-required';

export const PASSKEY_NOTIFICATION_TYPES = ['passkey_prologue_request', 'crsc_continuation'] as const;

/** Calls `listener` when WhatsApp asks this socket's linking for a passkey. */
export function onPasskeyStep(sock: WASocket, listener: (type: string) => void): void {
  for (const type of PASSKEY_NOTIFICATION_TYPES) sock.ws.on(`CB:notification,type:${type}`, () => listener(type));
}
