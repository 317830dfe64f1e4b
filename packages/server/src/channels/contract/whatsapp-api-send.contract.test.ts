/**
 * `/api/send` through the outbox on the real baileys driver over the WhatsApp protocol test
 * server, with sends paced as in production (the pauses recorded on an injected clock, never
 * waited for): each number is looked up on WhatsApp once however many messages go to it, every
 * message reaches its customer exactly once and in order, and a pause comes only between chats.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema.js';
import { bearer, createTestServer, openTestDatabase, type TestDatabase, type TestServer } from '../../test/harness.js';
import { waitFor } from '../../test/simulator.js';
import { createWhatsappDriver } from '../whatsapp/driver.js';
import { WhatsAppTestServer } from '../whatsapp/test-server/server.js';

describe('/api/send on WhatsApp by QR code (baileys over the protocol test server)', () => {
  let wa: WhatsAppTestServer;
  let testDb: TestDatabase;
  let s: TestServer;
  let now = 1_700_000_000_000;
  const pauses: number[] = [];

  beforeAll(async () => {
    wa = await WhatsAppTestServer.start();
    testDb = await openTestDatabase();
    s = await createTestServer({
      database: testDb.database,
      factories: {
        whatsapp: (ctx) =>
          createWhatsappDriver(ctx, {
            waWebSocketUrl: wa.url,
            reconnectDelays: [100, 500],
            sendGap: { minMs: 1_000, maxMs: 3_000 },
            clock: () => now,
            pacing: {
              random: () => 0.5,
              sleep: (ms) => {
                pauses.push(ms);
                now += ms;
                return Promise.resolve();
              },
            },
          }),
      },
    });
  });
  afterAll(async () => {
    await s?.stop();
    await testDb?.drop();
    await wa?.close();
  });

  it(
    'looks each number up once, delivers every message once and in order, and pauses only between chats',
    { timeout: 120_000 },
    async () => {
      const company = '5511970000001';
      const created = await s.app.inject({
        method: 'POST',
        url: '/api/whatsapp',
        headers: bearer(s.adminToken),
        payload: { name: 'WhatsApp', channel: 'whatsapp' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const whatsappId = created.json().id as number;
      const connection = async () =>
        (await s.app.inject({ method: 'GET', url: `/api/whatsapp/${whatsappId}`, headers: bearer(s.adminToken) })).json<{
          status: string;
          qrcode: string;
        }>();
      wa.scan(await waitFor(async () => (await connection()).qrcode, 20_000), company);
      await waitFor(async () => (await connection()).status === 'CONNECTED', 20_000);
      const token = (await s.app.inject({ method: 'GET', url: '/api/settings/userApiToken', headers: bearer(s.adminToken) })).json()
        .value as string;

      const ana = wa.addCustomer({ number: '5511970000002', name: 'Ana' });
      const bia = wa.addCustomer({ number: '5511970000003', name: 'Bia' });
      const plan = [
        [ana, 'a1'],
        [ana, 'a2'],
        [bia, 'b1'],
        [ana, 'a3'],
        [bia, 'b2'],
      ] as const;
      for (const [customer, body] of plan) {
        const res = await s.app.inject({
          method: 'POST',
          url: '/api/send',
          headers: bearer(token),
          payload: { number: customer.number, body, whatsappId },
        });
        expect(res.statusCode, res.body).toBe(201);
      }

      const texts = (c: typeof ana) => [...c.inbox.values()].map((m) => m.message.conversation ?? m.message.extendedTextMessage?.text);
      await waitFor(() => texts(ana).length === 3 && texts(bia).length === 2, 30_000);
      expect(texts(ana)).toEqual(['a1', 'a2', 'a3']);
      expect(texts(bia)).toEqual(['b1', 'b2']);
      // The phone has them before the outbox records them sent.
      const states = async () =>
        (await s.database.db.select({ sendState: messages.sendState }).from(messages).where(eq(messages.whatsappId, whatsappId))).map(
          (r) => r.sendState,
        );
      await waitFor(async () => (await states()).every((state) => state === 'sent'), 20_000);
      expect(await states()).toEqual(Array(5).fill('sent'));

      expect(wa.numberLookups.filter((n) => n === ana.number)).toHaveLength(1);
      expect(wa.numberLookups.filter((n) => n === bia.number)).toHaveLength(1);
      // a2 → b1, b1 → a3, a3 → b2: a 2 s pause each (the middle of 1–3 s); none between a1 and a2.
      expect(pauses).toEqual([2_000, 2_000, 2_000]);
    },
  );
});
