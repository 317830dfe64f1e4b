/**
 * Voice notes: WhatsApp plays a "ptt" audio inline only when it is Ogg/Opus, mono. Whatever the
 * attendant recorded or uploaded (webm, mp3, m4a, wav…) is converted here with the ffmpeg binary
 * shipped by @ffmpeg-installer (an npm package with the binary inside: nothing downloaded at
 * install time or at run time).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export const VOICE_NOTE_MIMETYPE = 'audio/ogg; codecs=opus';

/** Path of the packaged ffmpeg; resolved lazily so an unsupported platform fails only on use. */
export function packagedFfmpegPath(): string {
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

const OPUS_OUTPUT = ['-vn', '-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '32k', '-application', 'voip', '-f', 'ogg', 'pipe:1'];

function runFfmpeg(ffmpegPath: string, inputArgs: string[], stdin?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, ['-hide_banner', '-loglevel', 'error', ...inputArgs, ...OPUS_OUTPUT], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const ogg = Buffer.concat(out);
      if (code === 0 && ogg.length > 0) resolve(ogg);
      else reject(new Error(`ffmpeg exited with ${code}: ${Buffer.concat(err).toString().trim()}`));
    });
    // ffmpeg may stop reading early (bad input); its exit code reports that, not EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin);
  });
}

/**
 * Converts audio to Ogg/Opus mono 48 kHz. Streams through stdin/stdout; inputs that need seeking
 * (MP4/M4A with the index at the end) cannot be read from a pipe, so those retry from a
 * short-lived temporary file.
 */
export async function toVoiceNote(input: Buffer, ffmpegPath: string = packagedFfmpegPath()): Promise<Buffer> {
  try {
    return await runFfmpeg(ffmpegPath, ['-i', 'pipe:0'], input);
  } catch (pipeError) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-voice-'));
    try {
      const file = path.join(dir, 'input');
      await writeFile(file, input);
      return await runFfmpeg(ffmpegPath, ['-i', file]);
    } catch {
      throw pipeError;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** Audio ready to go out as a voice note: kept when it is already Ogg/Opus, converted otherwise. */
export async function voiceNoteAudio(data: Buffer, mimetype: string, ffmpegPath?: string): Promise<Buffer> {
  return isVoiceNoteMimetype(mimetype) ? data : toVoiceNote(data, ffmpegPath);
}

export function isVoiceNoteMimetype(mimetype: string): boolean {
  return mimetype.replace(/\s+/g, '').toLowerCase() === VOICE_NOTE_MIMETYPE.replace(/\s+/g, '');
}
