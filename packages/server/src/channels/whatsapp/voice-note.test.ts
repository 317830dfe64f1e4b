import { accessSync, constants } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mediaContent } from './outbound.js';
import { packagedFfmpegPath, toVoiceNote, voiceNoteAudio } from './voice-note.js';
import { sineWav } from '../../test/fixtures.js';

describe('toVoiceNote', () => {
  it('uses the ffmpeg binary shipped inside the npm package', () => {
    const ffmpeg = packagedFfmpegPath();
    expect(ffmpeg).toContain('node_modules/@ffmpeg-installer/');
    expect(() => accessSync(ffmpeg, constants.X_OK)).not.toThrow();
  });

  it('converts a WAV to Ogg/Opus, mono 48 kHz', async () => {
    const ogg = await toVoiceNote(sineWav());
    expect(ogg.subarray(0, 4).toString('latin1')).toBe('OggS');
    const opusHead = ogg.indexOf('OpusHead', 0, 'latin1');
    expect(opusHead).toBeGreaterThan(0);
    // OpusHead: magic(8) version(1) channels(1) pre-skip(2) input sample rate(4, LE)
    expect(ogg[opusHead + 9]).toBe(1);
    expect(ogg.readUInt32LE(opusHead + 12)).toBe(48_000);
  });

  it('rejects input that is not audio', async () => {
    await expect(toVoiceNote(Buffer.from('definitely not audio'))).rejects.toThrow(/ffmpeg exited/);
  });
});

describe('voice notes that are already Ogg/Opus', () => {
  it('are sent as they are (a recording converted at upload is not encoded twice)', async () => {
    const ogg = await toVoiceNote(sineWav());
    expect(await voiceNoteAudio(ogg, 'audio/ogg; codecs=opus')).toBe(ogg);
    const content = await mediaContent({
      kind: 'audio',
      mimetype: 'audio/ogg; codecs=opus',
      filename: 'a.ogg',
      data: ogg,
      voiceNote: true,
    });
    expect(content).toMatchObject({ audio: ogg, mimetype: 'audio/ogg; codecs=opus', ptt: true });
  });

  it('other audio is converted before it goes out as a voice note', async () => {
    const wav = sineWav();
    const converted = await voiceNoteAudio(wav, 'audio/wav');
    expect(converted.subarray(0, 4).toString('latin1')).toBe('OggS');
  });
});
