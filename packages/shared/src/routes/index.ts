import { CONNECTION_ROUTES } from './connections.js';
import { MESSAGE_ROUTES, messageIdParamSchema } from './messages.js';
import { NOTE_ROUTES, ticketIdParamSchema } from './notes.js';
import { PUSH_ROUTES } from './push.js';
import { QUICK_ANSWER_ROUTES } from './quick-answers.js';
import { SECTOR_ROUTES } from './sectors.js';
import { SETTING_ROUTES, settingKeyParamSchema } from './settings.js';
import { USER_ROUTES } from './users.js';
import { TAG_ROUTES } from './tags.js';
import { TICKET_ROUTES } from './tickets.js';
import { WEBCHAT_ROUTES, webchatChannelParamsSchema } from './webchat.js';
import { WEBHOOK_ROUTES } from './webhooks.js';

export * from './route.js';
export {
  CONNECTION_ROUTES,
  MESSAGE_ROUTES,
  messageIdParamSchema,
  NOTE_ROUTES,
  PUSH_ROUTES,
  ticketIdParamSchema,
  QUICK_ANSWER_ROUTES,
  SECTOR_ROUTES,
  SETTING_ROUTES,
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
};
