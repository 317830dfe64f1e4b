import type { SettingDTO } from './responses/settings.js';
import type { UserDTO } from './responses/user.js';

/** Realtime event names of spec §7. */
export const EVENTS = {
  user: 'user',
  settings: 'settings',
  ticket: 'ticket',
  appMessage: 'appMessage',
  contact: 'contact',
  quickAnswer: 'quickAnswer',
  queue: 'queue',
  tags: 'tags',
  whatsapp: 'whatsapp',
  whatsappSession: 'whatsappSession',
  /** A private note named the user (sent to that user only). */
  mention: 'mention',
  /** A new event of a ticket's story (accepted, transferred, rated…), to whoever may see the ticket. */
  ticketEvent: 'ticketEvent',
  /** A scheduled message was created, changed, sent or failed (to whoever may see its ticket). */
  scheduledMessage: 'scheduledMessage',
} as const;

export type CrudAction = 'create' | 'update' | 'delete';

export type UserEvent =
  | { action: 'create' | 'update'; user: UserDTO }
  | { action: 'delete'; userId: number };

export type SettingsEvent = { action: 'update'; setting: SettingDTO };

/** Client → server requests; the server decides whether to grant them. */
export const CLIENT_EVENTS = {
  joinNotification: 'joinNotification',
  joinTickets: 'joinTickets',
  leaveTickets: 'leaveTickets',
  joinChatBox: 'joinChatBox',
  leaveChatBox: 'leaveChatBox',
} as const;
