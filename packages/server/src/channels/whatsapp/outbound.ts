/**
 * Our outbound media → baileys message content. Voice notes are converted to Ogg/Opus first.
 */
import type { AnyMessageContent } from 'baileys';
import type { OutboundMedia } from '../driver.js';
import { voiceNoteAudio, VOICE_NOTE_MIMETYPE } from './voice-note.js';

export async function mediaContent(media: OutboundMedia, ffmpegPath?: string): Promise<AnyMessageContent> {
  const caption = media.caption || undefined;
  switch (media.kind) {
    case 'image':
      return { image: media.data, mimetype: media.mimetype, caption };
    case 'video':
      return { video: media.data, mimetype: media.mimetype, caption };
    case 'document':
      return { document: media.data, mimetype: media.mimetype, fileName: media.filename, caption };
    case 'audio':
      if (!media.voiceNote) return { audio: media.data, mimetype: media.mimetype, ptt: false };
      return { audio: await voiceNoteAudio(media.data, media.mimetype, ffmpegPath), mimetype: VOICE_NOTE_MIMETYPE, ptt: true };
  }
}
