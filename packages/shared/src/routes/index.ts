import { AUDIT_ROUTES } from './audit.js';
import { AUTH_ROUTES } from './auth.js';
import { CAMPAIGN_ROUTES } from './campaigns.js';
import { CONNECTION_ROUTES } from './connections.js';
import { CONTACT_ROUTES } from './contacts.js';
import { DASHBOARD_ROUTES } from './dashboard.js';
import { IMPORT_ROUTES } from './imports.js';
import { LINKING_ROUTES } from './linking.js';
import { MESSAGE_ROUTES, messageIdParamSchema } from './messages.js';
import { NOTE_ROUTES, ticketIdParamSchema } from './notes.js';
import { PUSH_ROUTES } from './push.js';
import { QUICK_ANSWER_ROUTES } from './quick-answers.js';
import { SCHEDULED_MESSAGE_ROUTES } from './scheduled-messages.js';
import { SECTOR_ROUTES } from './sectors.js';
import { SIMULATOR_ROUTES } from './simulator.js';
import { SETTING_ROUTES, settingKeyParamSchema } from './settings.js';
import { USER_ROUTES } from './users.js';
import { TAG_ROUTES } from './tags.js';
import { TICKET_ROUTES } from './tickets.js';
import { WEBCHAT_ROUTES, webchatChannelParamsSchema } from './webchat.js';
import { WEBHOOK_ROUTES } from './webhooks.js';

export * from './route.js';
export {
  AUDIT_ROUTES,
  AUTH_ROUTES,
  CAMPAIGN_ROUTES,
  CONNECTION_ROUTES,
  CONTACT_ROUTES,
  DASHBOARD_ROUTES,
  IMPORT_ROUTES,
  LINKING_ROUTES,
  MESSAGE_ROUTES,
  messageIdParamSchema,
  NOTE_ROUTES,
  PUSH_ROUTES,
  ticketIdParamSchema,
  QUICK_ANSWER_ROUTES,
  SCHEDULED_MESSAGE_ROUTES,
  SECTOR_ROUTES,
  SETTING_ROUTES,
  SIMULATOR_ROUTES,
  settingKeyParamSchema,
  USER_ROUTES,
  TAG_ROUTES,
  TICKET_ROUTES,
  WEBCHAT_ROUTES,
  webchatChannelParamsSchema,
  WEBHOOK_ROUTES,
};

/** Every route of the table, by feature (the server's route-table test walks them all). */
export const ROUTES = {
  tags: TAG_ROUTES,
  quickAnswers: QUICK_ANSWER_ROUTES,
  webhooks: WEBHOOK_ROUTES,
  webchat: WEBCHAT_ROUTES,
  notes: NOTE_ROUTES,
  users: USER_ROUTES,
  sectors: SECTOR_ROUTES,
  settings: SETTING_ROUTES,
  connections: CONNECTION_ROUTES,
  messages: MESSAGE_ROUTES,
  tickets: TICKET_ROUTES,
  push: PUSH_ROUTES,
  audit: AUDIT_ROUTES,
  linking: LINKING_ROUTES,
  imports: IMPORT_ROUTES,
  scheduledMessages: SCHEDULED_MESSAGE_ROUTES,
  auth: AUTH_ROUTES,
  simulator: SIMULATOR_ROUTES,
  contacts: CONTACT_ROUTES,
  campaigns: CAMPAIGN_ROUTES,
  dashboard: DASHBOARD_ROUTES,
};
