import { useTranslation } from 'react-i18next';
import { translateValidation } from '../errors/validationMessage';

/** Validation messages of the shared schemas, in the chosen language (see errors/validationMessage). */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (message: string | undefined) => (message ? translateValidation(t, message) : undefined);
}
