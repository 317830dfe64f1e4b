import { z } from 'zod';
import { SETTING_KEYS, type SettingKey } from '../schemas/settings.js';
import { isoDateTime } from './common.js';

export const settingSchema = z
  .object({ key: z.enum(SETTING_KEYS as [SettingKey, ...SettingKey[]]), value: z.string(), updatedAt: isoDateTime })
  .meta({ id: 'Setting' });
export type SettingDTO = z.infer<typeof settingSchema>;
