import { PUSH_ROUTES } from './push.js';
import { QUICK_ANSWER_ROUTES } from './quick-answers.js';
import { TAG_ROUTES } from './tags.js';
import { WEBCHAT_ROUTES, webchatChannelParamsSchema } from './webchat.js';
import { WEBHOOK_ROUTES } from './webhooks.js';

export * from './route.js';
export { PUSH_ROUTES, QUICK_ANSWER_ROUTES, TAG_ROUTES, WEBCHAT_ROUTES, webchatChannelParamsSchema, WEBHOOK_ROUTES };

/** Every route of the table, by feature (the server's route-table test walks them all). */
export const ROUTES = {
  tags: TAG_ROUTES,
  quickAnswers: QUICK_ANSWER_ROUTES,
  webhooks: WEBHOOK_ROUTES,
  webchat: WEBCHAT_ROUTES,
  push: PUSH_ROUTES,
};
