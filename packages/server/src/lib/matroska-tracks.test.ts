import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { matroskaTracks } from './matroska-tracks.js';
import { MediaStore } from './media-store.js';

/** An EBML element: its id bytes, a size (8-byte form, or unknown), and its body. */
function element(id: number[], body: Buffer, unknownSize = false): Buffer {
  const size = Buffer.alloc(8);
  if (unknownSize) size.fill(0xff, 1);
  else size.writeUIntBE(body.length, 2, 6);
  size[0] = 0x01;
  return Buffer.concat([Buffer.from(id), size, body]);
}

const uint = (n: number) => Buffer.from([n]);

/** A WebM file as a recorder starts it: EBML header, a Segment of unknown size, Tracks, a Cluster. */
function webm(trackTypes: number[]): Buffer {
  const header = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from('webm')));
  const entries = trackTypes.map((type, i) =>
    element(
      [0xae],
      Buffer.concat([
        element([0xd7], uint(i + 1)),
        element([0x83], uint(type)),
        element([0x86], Buffer.from(type === 2 ? 'A_OPUS' : 'V_VP8')),
      ]),
    ),
  );
  const info = element([0x15, 0x49, 0xa9, 0x66], element([0x2a, 0xd7, 0xb1], uint(1)));
  const tracks = element([0x16, 0x54, 0xae, 0x6b], Buffer.concat(entries));
  const cluster = element([0x1f, 0x43, 0xb6, 0x75], Buffer.alloc(64, 0x11), true);
  return Buffer.concat([header, element([0x18, 0x53, 0x80, 0x67], Buffer.concat([info, tracks, cluster]), true)]);
}

describe('Matroska/WebM tracks', () => {
  it('finds the audio and video tracks of a file', () => {
    expect(matroskaTracks(webm([2]))).toEqual({ audio: true, video: false });
    expect(matroskaTracks(webm([1, 2]))).toEqual({ audio: true, video: true });
    expect(matroskaTracks(Buffer.from('not a matroska file'))).toBeUndefined();
    // A file cut before its Tracks element says nothing.
    expect(matroskaTracks(webm([2]).subarray(0, 30))).toBeUndefined();
  });

  it('stores an audio-only WebM as audio and a WebM with a picture as video, however it arrives', async () => {
    const store = new MediaStore(fs.mkdtempSync(path.join(os.tmpdir(), 'sb-webm-')));
    const voice = await store.save(webm([2]), { filename: 'memo.webm' });
    expect(voice).toMatchObject({ kind: 'audio', mimetype: 'audio/webm' });
    const streamed = await store.saveStream(Readable.from([webm([2])]), { filename: 'memo.webm' });
    expect(streamed).toMatchObject({ kind: 'audio', mimetype: 'audio/webm' });
    const clip = await store.save(webm([1, 2]), { filename: 'clip.webm' });
    expect(clip).toMatchObject({ kind: 'video', mimetype: 'video/webm' });
  });
});
