/**
 * i18next set-up: Portuguese, English and Spanish, English as the fallback. The chosen language is
 * kept in localStorage under `i18nextLng` (spec §3 Local storage).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en';
import es from './es';
import pt from './pt';

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** 'pt-BR', 'ptBR' and 'pt' all mean Portuguese; anything unknown falls back to English. */
export function normalizeLanguage(value: string | null | undefined): Language {
  const base = (value ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}

function initialLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_STORAGE_KEY) : null;
  if (stored) return normalizeLanguage(stored);
  return normalizeLanguage(typeof navigator !== 'undefined' ? navigator.language : 'en');
}

export function changeLanguage(language: Language): Promise<unknown> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  return i18n.changeLanguage(language);
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, pt: { translation: pt }, es: { translation: es } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/** <html lang> follows the language (screen readers, hyphenation), from the first render on. */
function markDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
markDocumentLanguage(i18n.language);
i18n.on('languageChanged', markDocumentLanguage);

export default i18n;
