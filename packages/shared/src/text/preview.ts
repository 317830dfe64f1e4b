import type { MessageMediaType } from '../schemas/message.js';

/**
 * The language-neutral marker a ticket's stored preview starts with for each kind of message
 * (the server writes `marker + ' ' + text`; the web shows an icon and a translated word instead).
 */
export const PREVIEW_MARKERS: Record<MessageMediaType, string> = {
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

/** A stored preview split back into its kind and its text (kind 'chat' when it has no marker). */
export function splitPreview(preview: string): { kind: MessageMediaType; text: string } {
  for (const [kind, marker] of Object.entries(PREVIEW_MARKERS) as [MessageMediaType, string][]) {
    if (marker && preview.startsWith(marker)) return { kind, text: preview.slice(marker.length).trim() };
  }
  return { kind: 'chat', text: preview };
}
