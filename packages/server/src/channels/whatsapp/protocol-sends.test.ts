/**
 * The baileys driver against WhatsApp's behaviour around media and sends, played by the protocol
 * test server: expired customer media re-requested from the phone.
 */
import { buffer } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelDriver, DriverEvent } from '../driver.js';
import { MemoryAuthStore, RecordingContext } from '../contract/recording-context.js';
import { PNG } from '../../test/fixtures.js';
import { createWhatsappDriver, type WhatsappDriverDeps } from './driver.js';
import { WhatsAppTestServer } from './test-server/server.js';

type MessageEvent = Extract<DriverEvent, { type: 'message' }>;
const isMessage = (id: string) => (e: DriverEvent): e is MessageEvent => e.type === 'message' && e.message.externalId === id;

let nextCompany = 5511_9400_0000;
let nextCustomer = 5511_9410_0000;
let nextConnection = 1;

describe('whatsapp driver: media and sends as WhatsApp handles them', () => {
  let server: WhatsAppTestServer;
  const drivers: ChannelDriver[] = [];

  beforeAll(async () => {
    server = await WhatsAppTestServer.start();
  });
  afterAll(() => server.close());
  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.stop().catch(() => undefined);
  });

  /** A company number paired by QR and CONNECTED. */
  const connect = async (deps: Partial<WhatsappDriverDeps> = {}) => {
    const company = String(nextCompany++);
    const ctx = new RecordingContext(nextConnection++, new MemoryAuthStore());
    const driver = createWhatsappDriver(ctx, { waWebSocketUrl: server.url, reconnectDelays: [50, 100, 200], ...deps });
    drivers.push(driver);
    await driver.start();
    const qr = await ctx.waitFor((e): e is Extract<DriverEvent, { type: 'qr' }> => e.type === 'qr', 'a QR code');
    server.scan(qr.qrcode, company);
    await ctx.waitFor((e) => e.type === 'status' && e.status === 'CONNECTED', 'CONNECTED');
    return { company, ctx, driver };
  };

  describe('expired media', () => {
    /** A customer's image on the media host; its link expires before the driver downloads it. */
    const lateImage = async (status: 404 | 410) => {
      const { company, ctx } = await connect();
      const customer = server.addCustomer({ number: String(nextCustomer++) });
      const uploaded = await server.uploadMediaToHost(PNG, 'image');
      const id = await server.customerSends(customer, company, {
        imageMessage: { ...uploaded, mimetype: 'image/png', mediaKeyTimestamp: Math.floor(Date.now() / 1000) },
      });
      const { message } = await ctx.waitFor(isMessage(id), `message ${id}`);
      server.expireMedia(uploaded.directPath, status);
      return { id, customer, message };
    };

    it.each([410, 404] as const)('a download answered %i asks the phone to upload it again and gets the right bytes', async (status) => {
      const { id, message } = await lateImage(status);
      const bytes = await buffer(await message.media!.open());
      expect(bytes.equals(PNG)).toBe(true);
      expect(server.mediaRetries).toContain(id);
    });

    it('media the phone no longer has stays a failed download (ERR_WAPP_DOWNLOAD_MEDIA)', async () => {
      const { id, customer, message } = await lateImage(410);
      customer.sent.delete(id);
      await expect(message.media!.open()).rejects.toMatchObject({ code: 'ERR_WAPP_DOWNLOAD_MEDIA' });
      expect(server.mediaRetries).not.toContain(id);
    });
  });
});
