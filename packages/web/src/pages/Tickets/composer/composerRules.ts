/** The message input's text rules (spec §2 Message input, §5), kept pure for tests. */

/** The first letter is shown (and sent) capitalised. */
export function capitaliseFirst(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** The sign option prefixes the attendant's name in bold and a newline. */
export function signedBody(text: string, signerName: string | null): string {
  return signerName ? `*${signerName}:*\n${text}` : text;
}

/** Empty text after trimming is never sent (files alone may be). */
export function canSend(text: string, fileCount: number): boolean {
  return text.trim().length > 0 || fileCount > 0;
}

/** The quick-answer lookup text: what follows a leading '/', or null when not looking up. */
export function quickAnswerSearch(text: string): string | null {
  if (!text.startsWith('/')) return null;
  const search = text.slice(1);
  return search.includes('\n') ? null : search;
}

/** Enter sends, Shift+Enter adds a line (and IME composition never sends). */
export function isSendKey(event: { key: string; shiftKey: boolean; nativeEvent?: { isComposing?: boolean } }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent?.isComposing;
}
