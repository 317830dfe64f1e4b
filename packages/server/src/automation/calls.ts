/** Calls when the `call` setting is disabled (BEHAVIOUR "Inbound message" 6), as pure decisions. */

import type { CompanyLanguage } from '@switchboard/shared';

/** The automatic text a caller gets, in the company's language (the `language` setting). */
export const CALL_REJECTED_TEXTS: Record<CompanyLanguage, string> = {
  pt: 'As chamadas de voz e vídeo estão desativadas. Por favor, envie uma mensagem de texto.',
  en: 'Voice and video calls are turned off. Please send a text message.',
  es: 'Las llamadas de voz y video están desactivadas. Por favor, envíe un mensaje de texto.',
};

/** Portuguese, the product's language, is the text for a language the server does not know. */
export function callRejectedText(language: string): string {
  return CALL_REJECTED_TEXTS[language as CompanyLanguage] ?? CALL_REJECTED_TEXTS.pt;
}

export function shouldRejectCall(callSetting: string): boolean {
  return callSetting === 'disabled';
}
