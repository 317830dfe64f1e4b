import type { MessageMediaType } from '@switchboard/shared';

const MARKERS: Record<MessageMediaType, string> = {
  chat: '',
  image: '📷',
  audio: '🎤',
  video: '🎥',
  document: '📄',
  sticker: '🏷️',
  location: '📍',
  vcard: '👤',
  call_log: '📞',
};

/** The one-line preview a ticket shows for its last message (language-neutral markers). */
export function previewOf(kind: MessageMediaType, body: string, filename?: string | null): string {
  const text = kind === 'vcard' ? (/FN:(.*)/.exec(body)?.[1] ?? '') : body;
  const marker = MARKERS[kind] ?? '';
  const main = text.trim() || (kind === 'document' ? (filename ?? '') : '');
  return [marker, main].filter(Boolean).join(' ').slice(0, 255);
}
