import { PREVIEW_MARKERS, type MessageMediaType } from '@switchboard/shared';

/** The one-line preview a ticket shows for its last message (language-neutral markers, see shared). */
export function previewOf(kind: MessageMediaType, body: string, filename?: string | null): string {
  const text = kind === 'vcard' ? (/FN:(.*)/.exec(body)?.[1] ?? '') : body;
  const marker = PREVIEW_MARKERS[kind] ?? '';
  const main = text.trim() || (kind === 'document' ? (filename ?? '') : '');
  return [marker, main].filter(Boolean).join(' ').slice(0, 255);
}
