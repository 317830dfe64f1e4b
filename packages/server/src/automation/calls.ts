/** Calls when the `call` setting is disabled (BEHAVIOUR "Inbound message" 6), as pure decisions. */

/** The automatic text a caller gets (Portuguese by default, the product's language; replaceable). */
export const DEFAULT_CALL_REJECTED_TEXT =
  'As chamadas de voz e vídeo estão desativadas. Por favor, envie uma mensagem de texto.';

export function shouldRejectCall(callSetting: string): boolean {
  return callSetting === 'disabled';
}
