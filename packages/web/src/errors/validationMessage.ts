import { VALIDATION_KEYS_IN_USE, validationKeyOf } from '@switchboard/shared';
import type { TFunction } from 'i18next';

/** The i18n key of a known validation message, or undefined for a message the web does not know. */
export function validationKey(message: string): string | undefined {
  const key = validationKeyOf(message);
  return key ? `validation.${key}` : undefined;
}

/** Every validation key the web may ask for (the locale test checks each exists in every language). */
export const VALIDATION_KEYS: readonly string[] = VALIDATION_KEYS_IN_USE.map((k) => `validation.${k}`);

/** A validation message in the chosen language; an unknown message is shown as the server wrote it. */
export function translateValidation(t: TFunction, message: string): string {
  const key = validationKey(message);
  return key ? t(key) : message;
}
