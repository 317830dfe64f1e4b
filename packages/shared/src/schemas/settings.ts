import { z } from 'zod';
import { text } from './primitives.js';
import { RATING_WINDOW_OPTIONS_MINUTES, TIME_OPTIONS_SECONDS } from '../constants.js';

/** Languages of the product; Portuguese is the reference product's (and the default company) language. */
export const COMPANY_LANGUAGES = ['pt', 'en', 'es'] as const;
export type CompanyLanguage = (typeof COMPANY_LANGUAGES)[number];

const onOff = z.enum(['enabled', 'disabled']);
const secondsOption = text().refine((v) => (TIME_OPTIONS_SECONDS as readonly number[]).includes(Number(v)), 'Invalid option');

function isTimeZone(v: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

/**
 * Every setting key with the schema of its value. Keys of spec §3 keep their names; the further
 * settings of spec §3 get the names below.
 */
export const SETTING_SCHEMAS = {
  /** Close the ticket after a message sent through the external API. */
  closeTicketApi: onOff,
  /** Accept voice calls; when disabled calls are rejected with an automatic text. */
  call: onOff,
  /** Side menu open at start. */
  sideMenu: onOff,
  /** Oldest tickets first. */
  ASC: onOff,
  /** Order tickets by creation date instead of last update. */
  created: onOff,
  /** A customer message within this many seconds of the last ticket update reopens that ticket. */
  timeCreateNewTicket: secondsOption,
  /** Bearer token of the external API (admins only). */
  userApiToken: text().min(16).max(200),
  darkMode: onOff,
  /** Sign-up from the login page creates an attendant. */
  userCreation: onOff,
  /** Ignore group messages. */
  CheckMsgIsGroup: onOff,
  /** Every attendant sees tickets without sector. */
  allTicket: onOff,
  /** Seconds after which a ticket without sector goes to the connection's default sector; 0 = never. */
  timeSendQueue: z.union([z.literal('0'), secondsOption]),
  /** Minutes a rating request waits for the customer's answer. */
  ratingWindow: text().refine((v) => (RATING_WINDOW_OPTIONS_MINUTES as readonly number[]).includes(Number(v)), 'Invalid option'),
  /** IANA time zone for work hours, greetings and the dashboard. */
  timezone: text().min(1).max(64).refine(isTimeZone, 'Invalid time zone'),
  /** The company's language: texts the server writes to customers and into chats (pt, en, es). */
  language: z.enum(COMPANY_LANGUAGES, 'Invalid option'),
} as const;

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export const SETTING_KEYS = Object.keys(SETTING_SCHEMAS) as SettingKey[];

/** Settings only admins may read. */
export const SECRET_SETTING_KEYS: readonly SettingKey[] = ['userApiToken'];

/**
 * Settings that open the installation up (the external API's token, sign-up, every attendant seeing
 * unsectored tickets): an import from another install never replaces them unless the administrator
 * chooses to, per setting.
 */
export const SECURITY_SETTING_KEYS = ['userApiToken', 'userCreation', 'allTicket'] as const satisfies readonly SettingKey[];
export type SecuritySettingKey = (typeof SECURITY_SETTING_KEYS)[number];

export function isSecuritySettingKey(key: string): key is SecuritySettingKey {
  return (SECURITY_SETTING_KEYS as readonly string[]).includes(key);
}

export function isSettingKey(key: string): key is SettingKey {
  return Object.prototype.hasOwnProperty.call(SETTING_SCHEMAS, key);
}

/** Defaults seeded on first start; userApiToken and timezone are filled by the server. */
export const SETTING_DEFAULTS: Record<Exclude<SettingKey, 'userApiToken' | 'timezone'>, string> = {
  closeTicketApi: 'disabled',
  call: 'enabled',
  sideMenu: 'enabled',
  ASC: 'disabled',
  created: 'disabled',
  timeCreateNewTicket: '3600',
  darkMode: 'disabled',
  userCreation: 'disabled',
  CheckMsgIsGroup: 'enabled',
  allTicket: 'disabled',
  timeSendQueue: '0',
  ratingWindow: '10',
  language: 'pt',
};

export const settingUpdateSchema = z.object({ value: text().max(200) });
