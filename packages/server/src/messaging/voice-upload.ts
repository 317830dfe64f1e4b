/**
 * A recording made in the browser (WebM/Opus in Chromium, Ogg or MP4 elsewhere) becomes a voice
 * note before it is stored as a message: converted to Ogg/Opus mono, the format WhatsApp plays as a
 * voice note and every browser plays as audio. Converting here, not at send time, means the chat,
 * the outbox and every channel see the same audio/ogg file.
 */
import { toVoiceNote } from '../channels/whatsapp/voice-note.js';
import { AppError } from '../lib/app-error.js';
import type { MediaStore, StoredMedia } from '../lib/media-store.js';

export async function storeAsVoiceNote(media: MediaStore, recording: StoredMedia, ffmpegPath?: string): Promise<StoredMedia> {
  let ogg: Buffer;
  try {
    ogg = await toVoiceNote(await media.read(recording.name), ffmpegPath);
  } catch {
    throw new AppError('ERR_VALIDATION', 400, 'The recording is not playable audio');
  }
  const voice = await media.save(ogg, { filename: recording.filename.replace(/\.[^.]*$/, '') + '.ogg' });
  await media.remove([recording.name]);
  return voice;
}
