/**
 * The events the server sends, typed once: each realtime event's name with the schema of its
 * payload (spec §7), and each webhook event's name with the schema of its `data`. The server's one
 * announcement path (server/src/messaging/announce.ts) and the web's useRealtimeEvent take their
 * types from these maps, so a payload that changes on one side fails the typecheck of the other.
 */
import { z } from 'zod';
import { connectionSchema } from './responses/connection.js';
import { contactSchema } from './responses/contact.js';
import { messageSchema } from './responses/message.js';
import { queueSchema } from './responses/queue.js';
import { scheduledMessageSchema } from './responses/scheduled-message.js';
import { campaignRecipientSchema, campaignSchema } from './schemas/campaign.js';
import { ticketEventSchema } from './responses/ticket-event.js';
import { quickAnswerSchema } from './responses/quick-answer.js';
import { settingSchema } from './responses/settings.js';
import { tagSchema } from './responses/tag.js';
import { ticketContactSchema, ticketSchema } from './responses/ticket.js';
import { userSchema } from './responses/user.js';
import { mentionSchema } from './schemas/message.js';
import type { WebhookEventName } from './schemas/webhook.js';

const id = z.number().int();

/** `{action:'delete', all:true}` follows a DELETE of the whole list (contacts, tags, quick answers). */
const deleteAll = z.object({ action: z.literal('delete'), all: z.literal(true) });
const saved = z.enum(['create', 'update']);
const del = z.literal('delete');

/** Realtime event name → the schema of its payload. */
export const REALTIME_EVENTS = {
  user: z.union([z.object({ action: saved, user: userSchema }), z.object({ action: del, userId: id })]),
  settings: z.object({ action: z.literal('update'), setting: settingSchema }),
  ticket: z.union([
    /** `autoAssigned`: the sector's auto-assignment just gave the ticket to its attendant. */
    z.object({ action: saved, ticket: ticketSchema, autoAssigned: z.boolean().optional() }),
    z.object({ action: z.literal('updateUnread'), ticketId: id }),
    /** `moved`: the ticket still exists but left this user's sight (taken, transferred, returned). */
    z.object({ action: del, ticketId: id, moved: z.boolean().optional() }),
  ]),
  /** A message of a ticket, with the ticket as it is now (and its contact, for older clients). */
  appMessage: z.object({
    action: saved,
    message: messageSchema,
    ticket: ticketSchema,
    contact: ticketContactSchema,
    /** Announced again after a server process died (it may have been shown already): no new notification. */
    again: z.boolean().optional(),
  }),
  contact: z.union([z.object({ action: saved, contact: contactSchema }), z.object({ action: del, contactId: id }), deleteAll]),
  quickAnswer: z.union([
    z.object({ action: saved, quickAnswer: quickAnswerSchema }),
    z.object({ action: del, quickAnswerId: id }),
    deleteAll,
  ]),
  queue: z.union([z.object({ action: saved, queue: queueSchema }), z.object({ action: del, queueId: id })]),
  tags: z.union([z.object({ action: saved, tag: tagSchema }), z.object({ action: del, tagId: id }), deleteAll]),
  whatsapp: z.union([z.object({ action: saved, whatsapp: connectionSchema }), z.object({ action: del, whatsappId: id })]),
  whatsappSession: z.object({ action: z.literal('update'), session: connectionSchema }),
  /** A private note named the user (sent to that user only), or the user read those of a ticket. */
  mention: z.union([
    z.object({ action: z.literal('create'), mention: mentionSchema }),
    z.object({ action: z.literal('read'), ticketId: id }),
  ]),
  /** A new event of a ticket's story (accepted, transferred, rated…), to whoever may see the ticket. */
  ticketEvent: z.object({ event: ticketEventSchema }),
  /** A scheduled message was created, changed, sent or failed (to whoever may see its ticket). */
  scheduledMessage: z.object({ action: saved, scheduledMessage: scheduledMessageSchema }),
  /** A campaign was created, changed, started, paused, stopped or made progress (to admins and users allowed campaigns). */
  campaign: z.object({ action: saved, campaign: campaignSchema }),
  /** Recipients of a campaign whose status changed (sent, delivered, read, replied, failed…), to the same users. */
  campaignRecipients: z.object({ campaignId: id, recipients: z.array(campaignRecipientSchema) }),
} as const;

export type RealtimeEventName = keyof typeof REALTIME_EVENTS;
/** The payload of a realtime event, as sent and as received. */
export type RealtimePayload<K extends RealtimeEventName> = z.infer<(typeof REALTIME_EVENTS)[K]>;

/** What a signed-in user's socket hears (Socket.IO's listen-events map). */
export type ServerToClientEvents = { [K in RealtimeEventName]: (payload: RealtimePayload<K>) => void };

/** Realtime event names of spec §7 (the keys of REALTIME_EVENTS). */
export const EVENTS = Object.fromEntries(Object.keys(REALTIME_EVENTS).map((k) => [k, k])) as { readonly [K in RealtimeEventName]: K };

export type UserEvent = RealtimePayload<'user'>;
export type SettingsEvent = RealtimePayload<'settings'>;
export type TicketEvent = RealtimePayload<'ticket'>;
export type AppMessageEvent = RealtimePayload<'appMessage'>;
export type ContactEvent = RealtimePayload<'contact'>;
export type QuickAnswerEvent = RealtimePayload<'quickAnswer'>;
export type QueueEvent = RealtimePayload<'queue'>;
export type TagEvent = RealtimePayload<'tags'>;
export type ConnectionEvent = RealtimePayload<'whatsapp'>;
export type ConnectionSessionEvent = RealtimePayload<'whatsappSession'>;
export type MentionEvent = RealtimePayload<'mention'>;

export type CrudAction = 'create' | 'update' | 'delete';

const ticketData = z.object({ ticket: ticketSchema });
const messageData = z.object({ message: messageSchema, ticket: ticketSchema });
const contactData = z.object({ contact: contactSchema });

/** Webhook event name → the schema of the delivery's `data`. */
export const WEBHOOK_EVENT_DATA = {
  'message.created': messageData,
  'message.updated': messageData,
  'ticket.created': ticketData,
  'ticket.updated': ticketData,
  /** `from`: who had the ticket before (attendant, sector). */
  'ticket.transferred': ticketData.extend({ from: z.object({ userId: id.nullable(), queueId: id.nullable() }) }),
  'ticket.closed': ticketData,
  'contact.created': contactData,
  'contact.updated': contactData,
  'rating.received': ticketData.extend({
    rating: z.object({ ticketId: id, rate: z.number().int(), userId: id.nullable(), cycleId: id.nullable() }),
  }),
} as const satisfies Record<WebhookEventName, z.ZodType>;

export type WebhookData<K extends WebhookEventName> = z.infer<(typeof WEBHOOK_EVENT_DATA)[K]>;

/** Client → server requests; the server decides whether to grant them. */
export const CLIENT_EVENTS = {
  joinNotification: 'joinNotification',
  joinTickets: 'joinTickets',
  leaveTickets: 'leaveTickets',
  joinChatBox: 'joinChatBox',
  leaveChatBox: 'leaveChatBox',
} as const;

/**
 * What a user's socket may ask (Socket.IO's emit-events map): the chat-box requests carry the
 * ticket's id and may take an acknowledgement; the others only an acknowledgement.
 */
export type ClientToServerEvents = {
  joinChatBox: (ticketId: number, ack?: (allowed: boolean | { error: string }) => void) => void;
  leaveChatBox: (ticketId: number, ack?: (ok: boolean) => void) => void;
  joinNotification: (ack?: (ok: boolean) => void) => void;
  joinTickets: (status: string, ack?: (ok: boolean) => void) => void;
  leaveTickets: (status: string, ack?: (ok: boolean) => void) => void;
};
