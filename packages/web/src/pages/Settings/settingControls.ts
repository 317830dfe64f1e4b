/**
 * How each setting of SETTING_SCHEMAS is edited. The record is keyed by every setting key (except
 * the API token, which has its own page), so a new setting fails the type check until it gets a
 * control here.
 */
import { RATING_WINDOW_OPTIONS_MINUTES, TIME_OPTIONS_SECONDS, type SettingKey } from '@switchboard/shared';

export type SettingControl =
  | { kind: 'switch' }
  | { kind: 'select'; options: readonly number[]; unit: 'seconds' | 'minutes'; neverOption?: boolean }
  | { kind: 'timezone' }
  | { kind: 'language' };

/** Shown on its own page (/apikey), never among the general settings. */
export type GeneralSettingKey = Exclude<SettingKey, 'userApiToken'>;

const SWITCH = { kind: 'switch' } as const;

export const SETTING_CONTROLS: Record<GeneralSettingKey, SettingControl> = {
  userCreation: SWITCH,
  darkMode: SWITCH,
  sideMenu: SWITCH,
  call: SWITCH,
  CheckMsgIsGroup: SWITCH,
  closeTicketApi: SWITCH,
  ASC: SWITCH,
  created: SWITCH,
  allTicket: SWITCH,
  timeCreateNewTicket: { kind: 'select', options: TIME_OPTIONS_SECONDS, unit: 'seconds' },
  timeSendQueue: { kind: 'select', options: TIME_OPTIONS_SECONDS, unit: 'seconds', neverOption: true },
  ratingWindow: { kind: 'select', options: RATING_WINDOW_OPTIONS_MINUTES, unit: 'minutes' },
  timezone: { kind: 'timezone' },
  language: { kind: 'language' },
};

export const GENERAL_SETTING_KEYS = Object.keys(SETTING_CONTROLS) as GeneralSettingKey[];

/** Largest whole unit: 60 s → 1 minute, 7200 s → 2 hours, 604800 s → 7 days. */
export function durationParts(amount: number, unit: 'seconds' | 'minutes'): { key: string; count: number } {
  const seconds = unit === 'minutes' ? amount * 60 : amount;
  if (seconds % 86400 === 0) return { key: 'settings.days', count: seconds / 86400 };
  if (seconds % 3600 === 0) return { key: 'settings.hours', count: seconds / 3600 };
  if (seconds % 60 === 0) return { key: 'settings.minutes', count: seconds / 60 };
  return { key: 'settings.seconds', count: seconds };
}
