import { INVALID_NUMBER, MSG, TAG_MSG, WEBCHAT_MSG } from '@switchboard/shared';
import type { TFunction } from 'i18next';

/**
 * The shared zod schemas (and a few server checks) speak the spec's wording, in whatever language
 * the spec gives it ('Too Short!', 'Mensagem muito curta', 'Selecione uma fila'). The web never shows
 * that wording directly: each known message maps to one key of the `validation` block of the i18n
 * files, so a form reads in the chosen language.
 */
const KEY_BY_MESSAGE: Record<string, string> = {
  [MSG.required]: 'required',
  [MSG.tooShort]: 'tooShort',
  [MSG.tooLong]: 'tooLong',
  [MSG.invalidEmail]: 'invalidEmail',
  [MSG.invalidTime]: 'invalidTime',
  [INVALID_NUMBER]: 'invalidNumber',
  [TAG_MSG.required]: 'required',
  [TAG_MSG.tooShort]: 'tooShort',
  [TAG_MSG.tooLong]: 'tooLong',
  [TAG_MSG.invalidColor]: 'invalidColor',
  [WEBCHAT_MSG.invalidSite]: 'invalidSite',
  [WEBCHAT_MSG.invalidColor]: 'invalidColor',
  // Messages of server-side checks (ERR_VALIDATION answers).
  'Invalid option': 'invalidOption',
  'Invalid time zone': 'invalidTimeZone',
  'Invalid value': 'invalidValue',
  'Selecione uma fila': 'selectSector',
  'Unknown sector': 'unknownSector',
  'Parametrize o filtro': 'noFilter',
};

/** The i18n key of a known validation message, or undefined for a message the web does not know. */
export function validationKey(message: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(KEY_BY_MESSAGE, message) ? `validation.${KEY_BY_MESSAGE[message]}` : undefined;
}

/** Every validation key the web may ask for (the locale test checks each exists in every language). */
export const VALIDATION_KEYS: readonly string[] = [...new Set(Object.values(KEY_BY_MESSAGE))].map((k) => `validation.${k}`);

/** A validation message in the chosen language; an unknown message is shown as the server wrote it. */
export function translateValidation(t: TFunction, message: string): string {
  const key = validationKey(message);
  return key ? t(key) : message;
}
