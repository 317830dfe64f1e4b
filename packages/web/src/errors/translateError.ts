import type { TFunction } from 'i18next';
import { isApiError } from '../api/ApiError';
import { translateValidation, validationKey } from './validationMessage';

/**
 * The text of an error toast (spec §8): the translated code when a translation exists, otherwise the
 * raw code (or server message), otherwise 'An error occurred!'.
 */
export function translateError(t: TFunction, error: unknown): string {
  const code = isApiError(error) ? error.code : typeof error === 'string' ? error : undefined;
  // A validation answer whose reason the web knows says that reason, not only "some fields are invalid".
  if (isApiError(error) && error.code === 'ERR_VALIDATION' && error.message && validationKey(error.message)) {
    return translateValidation(t, error.message);
  }
  if (code && t(`errors.${code}`, { defaultValue: '' })) return t(`errors.${code}`);
  if (isApiError(error) && error.code === 'ERR_VALIDATION' && error.message) {
    return translateValidation(t, error.message);
  }
  if (code) return code;
  if (error instanceof Error && error.message) return error.message;
  return t('common.genericError');
}
