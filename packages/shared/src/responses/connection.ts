import { z } from 'zod';
import { CHANNEL_KINDS, CONNECTION_STATUSES, WEEKDAYS, type Weekday } from '../constants.js';
import { isoDateTime, queueRefSchema } from './common.js';

type Day = Capitalize<Weekday>;
type WorkHourShape = { [D in Weekday]: z.ZodBoolean } & {
  [
    K in `StartDefineWorkHours${Day}` | `EndDefineWorkHours${Day}` | `StartDefineWorkHours${Day}Lunch` | `EndDefineWorkHours${Day}Lunch`
  ]: z.ZodString;
};

/** The flat work-hour fields of spec §3: monday…, StartDefineWorkHoursMonday, …Lunch. */
function workHourShape(): WorkHourShape {
  const shape: Record<string, z.ZodType> = {};
  for (const d of WEEKDAYS) {
    const L = d.charAt(0).toUpperCase() + d.slice(1);
    shape[d] = z.boolean();
    for (const k of [
      `StartDefineWorkHours${L}`,
      `EndDefineWorkHours${L}`,
      `StartDefineWorkHours${L}Lunch`,
      `EndDefineWorkHours${L}Lunch`,
    ]) {
      shape[k] = z.string();
    }
  }
  return shape as WorkHourShape;
}

/** A connection as administrators see it, with the flat work-hour fields of spec §3. */
export const connectionSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    channel: z.enum(CHANNEL_KINDS),
    status: z.enum(CONNECTION_STATUSES),
    /**
     * Why the session stopped, while DISCONNECTED: a channel reason code ('logged-out', 'banned',
     * 'bad-session', 'outdated-client', 'multidevice-mismatch', 'replaced', 'qr-timeout', …); '' otherwise.
     */
    statusReason: z.string().optional(),
    /**
     * Imported from another install: the session stays stopped, whatever its status, until an
     * admin starts or pairs it (its old phone may still be in use by that install).
     */
    awaitingPairing: z.boolean(),
    qrcode: z.string(),
    retries: z.number().int(),
    number: z.string(),
    isDefault: z.boolean(),
    isDisplay: z.boolean(),
    isGroup: z.boolean(),
    greetingMessage: z.string(),
    farewellMessage: z.string(),
    ratingMessage: z.string(),
    transferTicketMessage: z.string(),
    inactiveMessage: z.string(),
    sendInactiveMessage: z.boolean(),
    timeInactiveMessage: z.number(),
    outOfWorkMessage: z.string(),
    defineWorkHours: z.boolean(),
    ...workHourShape(),
    holidays: z.array(z.string()),
    defaultQueueId: z.number().int().nullable(),
    queues: z.array(queueRefSchema),
    queueIds: z.array(z.number().int()),
    /** WhatsApp Cloud API connections: the account (secrets only as "set"). */
    cloud: z
      .object({
        phoneNumberId: z.string(),
        businessAccountId: z.string(),
        hasAccessToken: z.boolean(),
        hasAppSecret: z.boolean(),
        hasVerifyToken: z.boolean(),
        webhookPath: z.string(),
      })
      .optional(),
    /** Website widget settings, on webchat connections. */
    webchat: z
      .object({
        publicKey: z.string(),
        allowedSites: z.array(z.string()),
        color: z.string(),
        askContact: z.boolean(),
        floodedAt: z.string().optional(),
      })
      .optional(),
    /** The connection can link with a pairing code typed on the phone, besides the QR code. */
    canPairByCode: z.boolean().optional(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Connection' });
export type ConnectionDTO = z.infer<typeof connectionSchema>;
/** The flat work-hour fields of a connection. */
export type WorkHoursDTO = { [K in keyof WorkHourShape]: z.infer<WorkHourShape[K]> };

/** What a non-admin may know about a connection (names for badges and the profile form). */
export const connectionSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  isDefault: z.boolean(),
  channel: z.string(),
});
export type ConnectionSummary = z.infer<typeof connectionSummarySchema>;

/** GET /whatsapp: administrators get whole connections, everyone else their summaries. */
export const connectionListSchema = z.union([z.array(connectionSchema), z.array(connectionSummarySchema)]);

/** GET /inbound-failures: inbound events that could not be stored yet. */
export const inboundFailuresSchema = z.object({
  pending: z.number().int(),
  poisoned: z.number().int(),
  events: z.array(
    z.object({
      id: z.string(),
      state: z.enum(['pending', 'poisoned']),
      connectionId: z.number().int(),
      type: z.string(),
      chat: z.string().nullable(),
      receivedAt: isoDateTime,
      attempts: z.number().int(),
      error: z.string(),
    }),
  ),
});
export type InboundFailuresDTO = z.infer<typeof inboundFailuresSchema>;
