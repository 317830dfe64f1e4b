/**
 * Received media is streamed to the media store with a cap (MEDIA_MAX_MB): a channel stream is read
 * only up to the cap, a larger file is not kept, and its message is stored anyway and says why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundMessage } from '../channels/driver.js';
import { messages } from '../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { connectSimulator, customerSends, phoneNumber } from '../test/simulator.js';

const MB = 1024 * 1024;

/**
 * A channel's media stream of `size` bytes made on demand (a 2 GB document costs nothing until
 * read), counting what the reader pulled.
 */
function fakeMediaStream(size: number, head = Buffer.from('%PDF-1.4\n')) {
  const stats = { pulled: 0 };
  const chunk = 64 * 1024;
  const stream = Readable.from(
    (function* () {
      for (let sent = 0; sent < size; sent += chunk) {
        const n = Math.min(chunk, size - sent);
        const data = Buffer.alloc(n, 0x20);
        if (sent === 0) head.copy(data);
        stats.pulled += n;
        yield data;
      }
    })(),
  );
  return { stream, stats };
}

function documentMessage(from: string, open: () => Promise<Readable>): InboundMessage {
  return {
    externalId: `fake-${Math.random().toString(36).slice(2)}`,
    chat: { id: from, isGroup: false },
    sender: { number: from, name: 'Customer' },
    fromMe: false,
    timestamp: new Date(),
    kind: 'document',
    body: 'backup.pdf',
    media: { mimetype: 'application/pdf', filename: 'backup.pdf', open },
  };
}

describe('received media streamed with a cap', () => {
  let s: TestServer;
  let conn: { id: number; number: string };
  const mediaFiles = () => fs.readdirSync(path.join(s.config.dataDir, 'media'));

  beforeAll(async () => {
    s = await createTestServer({ env: { MEDIA_MAX_MB: '1' } });
    conn = await connectSimulator(s);
  });
  afterAll(async () => {
    await s?.stop();
  });

  const storedRow = async (externalId: string) =>
    (
      await s.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.whatsappId, conn.id), eq(messages.externalId, externalId)))
    )[0];

  it('keeps a 2 GB document out, reading no more than the cap, and the chat says it was too large', async () => {
    const before = mediaFiles();
    const { stream, stats } = fakeMediaStream(2 * 1024 * MB);
    const msg = documentMessage(phoneNumber(), () => Promise.resolve(stream));
    await s.services.inbound.message(conn.id, msg);

    const row = await storedRow(msg.externalId);
    expect(row).toBeTruthy();
    expect(row.mediaPath).toBeNull();
    expect(row.lastError).toBe('ERR_MEDIA_TOO_LARGE');
    // Stopped at the cap (plus the chunks already in flight), not after 2 GB.
    expect(stats.pulled).toBeLessThan(2 * MB);
    expect(mediaFiles()).toEqual(before);

    const page = await s.app.inject({ method: 'GET', url: `/api/messages/${row.ticketId}`, headers: bearer(s.adminToken) });
    const shown = page.json().messages.find((m: { id: string }) => m.id === row.id);
    expect(shown).toMatchObject({ mediaType: 'document', mediaUrl: null, mediaName: 'backup.pdf', mediaError: 'ERR_MEDIA_TOO_LARGE' });
  });

  it('streams a document within the cap into the media store', async () => {
    const { stream } = fakeMediaStream(900 * 1024);
    const msg = documentMessage(phoneNumber(), () => Promise.resolve(stream));
    await s.services.inbound.message(conn.id, msg);
    const row = await storedRow(msg.externalId);
    expect(row.lastError).toBeNull();
    expect(row.mediaMime).toBe('application/pdf');
    expect(fs.statSync(path.join(s.config.dataDir, 'media', row.mediaPath!)).size).toBe(900 * 1024);
  });

  it('keeps the message when the stream breaks half-way, marked as not downloaded', async () => {
    const broken = new Readable({
      read() {
        this.push(Buffer.from('%PDF-1.4\n'));
        this.destroy(new Error('connection reset by the media server'));
      },
    });
    const msg = documentMessage(phoneNumber(), () => Promise.resolve(broken));
    await s.services.inbound.message(conn.id, msg);
    const row = await storedRow(msg.externalId);
    expect(row.mediaPath).toBeNull();
    expect(row.lastError).toBe('ERR_WAPP_DOWNLOAD_MEDIA');
    expect(mediaFiles().some((f) => f.endsWith('.part'))).toBe(false);
  });

  it('a simulator customer can send a file above the cap too, as on WhatsApp; the chat says it was too large', async () => {
    const big = Buffer.alloc(1.5 * MB, 0x20);
    big.write('%PDF-1.4\n', 0, 'latin1');
    const { id } = await customerSends(s, {
      from: phoneNumber(),
      to: conn.number,
      type: 'document',
      body: 'contract.pdf',
      media: { mimetype: 'application/pdf', filename: 'contract.pdf', data: big.toString('base64') },
    });
    const row = await storedRow(id);
    expect(row).toMatchObject({ mediaPath: null, mediaName: 'contract.pdf', lastError: 'ERR_MEDIA_TOO_LARGE' });
  });
});
