/**
 * Uploads to POST /api/messages/:ticketId: access before the body is read, files streamed to disk
 * with per-file and per-request limits, clean errors for broken bodies, voice notes converted.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagedFfmpegPath } from '../../channels/whatsapp/voice-note.js';
import { contacts, messages, tickets } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { connectSimulator, customerChat, customerSends, phoneNumber, waitFor } from '../../test/simulator.js';
import { multipart, pdf } from '../../test/multipart.js';

const MB = 1024 * 1024;

/** One second of a tone recorded the way Chromium's MediaRecorder does it: WebM with Opus. */
function webmOpusRecording(): Buffer {
  const out = spawnSync(
    packagedFfmpegPath(),
    ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'libopus', '-f', 'webm', 'pipe:1'],
    { maxBuffer: 10 * MB },
  );
  if (out.status !== 0) throw new Error(`ffmpeg: ${out.stderr.toString()}`);
  return out.stdout;
}

describe('message uploads', () => {
  let s: TestServer;
  let conn: { id: number; number: string };
  let customer: string;
  let ticketId: number;
  let baseUrl: string;
  const mediaDir = () => path.join(s.config.dataDir, 'media');
  const mediaFiles = () => fs.readdirSync(mediaDir()).sort();

  const upload = (ticket: number, form: ReturnType<typeof multipart>, token = s.adminToken) =>
    s.app.inject({ method: 'POST', url: `/api/messages/${ticket}`, headers: { ...form.headers, ...bearer(token) }, payload: form.payload });

  beforeAll(async () => {
    s = await createTestServer({ env: { MEDIA_MAX_MB: '2', UPLOAD_MAX_REQUEST_MB: '3' } });
    conn = await connectSimulator(s);
    customer = phoneNumber();
    await customerSends(s, { from: customer, to: conn.number, body: 'Hello' });
    ticketId = await waitFor(async () => {
      const [row] = await s.database.db
        .select({ id: tickets.id })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(and(eq(contacts.number, customer), eq(tickets.whatsappId, conn.id)));
      return row?.id;
    });
    baseUrl = await s.listen();
  });
  afterAll(async () => {
    await s?.stop();
  });

  /**
   * Starts a 50 MB upload, sends its first 64 KB and waits for an answer while the rest is still
   * unsent: only a server that refuses before reading the body can answer.
   */
  function answerBeforeBody(url: string, token: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const boundary = '----sbslow';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
      const req = http.request(`${baseUrl}${url}`, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(50 * MB),
          authorization: `Bearer ${token}`,
        },
      });
      const timer = setTimeout(() => {
        req.destroy();
        reject(new Error('no answer while the body was still being sent'));
      }, 5000);
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => {
          clearTimeout(timer);
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on('error', (err) => {
        // The server may close the socket after answering; the answer already arrived then.
        if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET' && (err as NodeJS.ErrnoException).code !== 'EPIPE') reject(err);
      });
      req.write(Buffer.concat([head, pdf(64 * 1024)]));
    });
  }

  it('refuses an upload to a ticket that does not exist before reading its body', async () => {
    const res = await answerBeforeBody('/api/messages/999999', s.adminToken);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body).error).toBe('ERR_NO_TICKET_FOUND');
  });

  it('refuses an upload from a user who may not see the ticket before reading its body', async () => {
    const sectorless = await s.createUser({ name: 'Other sector' });
    const res = await answerBeforeBody(`/api/messages/${ticketId}`, sectorless.token);
    expect([403, 404]).toContain(res.status);
    expect(JSON.parse(res.body).error).toMatch(/^ERR_/);
  });

  it('answers 413 ERR_MEDIA_TOO_LARGE for a file over MEDIA_MAX_MB and keeps nothing', async () => {
    const before = mediaFiles();
    const count = (await s.database.db.select().from(messages).where(eq(messages.ticketId, ticketId))).length;
    const res = await upload(ticketId, multipart({ body: '' }, [{ filename: 'big.pdf', data: pdf(2 * MB + 1), type: 'application/pdf' }]));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toBe('ERR_MEDIA_TOO_LARGE');
    expect(mediaFiles()).toEqual(before);
    expect((await s.database.db.select().from(messages).where(eq(messages.ticketId, ticketId))).length).toBe(count);
  });

  it('answers 413 ERR_UPLOAD_TOO_LARGE when the files together pass UPLOAD_MAX_REQUEST_MB, removing those already saved', async () => {
    const before = mediaFiles();
    const files = [1, 2].map((n) => ({ filename: `part${n}.pdf`, data: pdf(1.8 * MB), type: 'application/pdf' }));
    const res = await upload(ticketId, multipart({ body: '' }, files));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toBe('ERR_UPLOAD_TOO_LARGE');
    expect(mediaFiles()).toEqual(before);
  });

  it('answers 400 for a truncated multipart body', async () => {
    const form = multipart({ body: 'x' }, [{ filename: 'a.pdf', data: pdf(10_000), type: 'application/pdf' }]);
    const truncated = { ...form, payload: form.payload.subarray(0, form.payload.length - 200) };
    const res = await upload(ticketId, truncated);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe('ERR_VALIDATION');
  });

  it('stores a file within the limits and removes bidi controls from its name', async () => {
    const res = await upload(
      ticketId,
      multipart({ body: '' }, [{ filename: 'invoice\u202Efdp.exe', data: pdf(50_000), type: 'application/pdf' }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await s.database.db.select().from(messages).where(eq(messages.id, res.json().id));
    expect(row.mediaName).toBe('invoicefdp.exe');
    expect(row.mediaType).toBe('document');
  });

  it('sends a WebM/Opus recording as an Ogg/Opus voice note that the customer receives as audio', async () => {
    const res = await upload(
      ticketId,
      multipart({ body: '', voiceNote: 'true' }, [{ filename: 'audio-1.webm', data: webmOpusRecording(), type: 'audio/webm' }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().mediaType).toBe('audio');
    const [row] = await s.database.db.select().from(messages).where(eq(messages.id, res.json().id));
    expect(row.mediaMime).toBe('audio/ogg; codecs=opus');
    expect(fs.readFileSync(path.join(mediaDir(), row.mediaPath!)).subarray(0, 4).toString('latin1')).toBe('OggS');

    const received = await waitFor(async () =>
      (await customerChat(s, customer, conn.number)).find((m) => m.sender === 'connection' && !['text', 'document'].includes(m.type)),
    );
    expect(received.type).toBe('audio');
    expect((received as unknown as { mediaMime: string }).mediaMime).toBe('audio/ogg; codecs=opus');
  });

  it('refuses a voice note that is not audio, keeping nothing', async () => {
    const before = mediaFiles();
    const res = await upload(
      ticketId,
      multipart({ body: '', voiceNote: 'true' }, [{ filename: 'a.pdf', data: pdf(20_000), type: 'application/pdf' }]),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(mediaFiles()).toEqual(before);
  });
});
