import { useTranslation } from 'react-i18next';

/** Validation messages are spec wording (English keys); translate when a translation exists. */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (message: string | undefined) => (message ? t(`validation.${message}`, { defaultValue: message }) : undefined);
}
