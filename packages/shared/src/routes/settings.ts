/** The settings routes (spec §7): everyone reads what they may, admins change. */
import { z } from 'zod';
import { settingSchema } from '../responses/settings.js';
import { text } from '../schemas/primitives.js';
import { settingUpdateSchema } from '../schemas/settings.js';
import { route } from './route.js';

export const settingKeyParamSchema = z.object({ key: text().min(1).max(64) });

export const SETTING_ROUTES = {
  list: route({ method: 'GET', path: '/settings', answer: z.array(settingSchema) }),
  show: route({ method: 'GET', path: '/settings/:key', params: settingKeyParamSchema, answer: settingSchema }),
  update: route({ method: 'PUT', path: '/settings/:key', params: settingKeyParamSchema, body: settingUpdateSchema, answer: settingSchema }),
  /** A new external API token (the userApiToken setting). */
  regenerateApiToken: route({ method: 'POST', path: '/settings/userApiToken/regenerate', answer: settingSchema }),
};
