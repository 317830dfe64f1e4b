import { accessSync, constants } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagedFfmpegPath, toVoiceNote } from './voice-note.js';

/** A mono 16-bit PCM WAV with a sine tone. */
function sineWav(seconds = 0.5, sampleRate = 16_000, hz = 440): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / sampleRate) * 12_000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

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
