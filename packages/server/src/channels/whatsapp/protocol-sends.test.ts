/**
 * The baileys driver against WhatsApp's behaviour around media and sends, played by the protocol
 * test server: expired customer media re-requested from the phone, number checks remembered,
 * sends to different chats paced (pauses recorded on an injected clock, never waited for).
 */
import { buffer } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelDriver, DriverEvent } from '../driver.js';
import type { SimulatedCustomer } from './test-server/customer.js';
import { RecordingContext } from '../contract/recording-context.js';
import { unlinkedDeviceStore } from '../contract/whatsapp-harness.js';
import { PNG } from '../../test/fixtures.js';
import { createWhatsappDriver, type WhatsappDriverDeps } from './driver.js';
import { WhatsAppTestServer } from './test-server/server.js';

type MessageEvent = Extract<DriverEvent, { type: 'message' }>;
const isMessage =
  (id: string) =>
  (e: DriverEvent): e is MessageEvent =>
    e.type === 'message' && e.message.externalId === id;

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
    const ctx = new RecordingContext(nextConnection++, unlinkedDeviceStore());
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

    it('a phone that does not answer the retry request fails the download after the wait, instead of holding it for ever', async () => {
      const { company, ctx } = await connect({ mediaRetryTimeoutMs: 200 });
      const customer = server.addCustomer({ number: String(nextCustomer++) });
      const uploaded = await server.uploadMediaToHost(PNG, 'image');
      const id = await server.customerSends(customer, company, { imageMessage: { ...uploaded, mimetype: 'image/png' } });
      const { message } = await ctx.waitFor(isMessage(id), `message ${id}`);
      server.expireMedia(uploaded.directPath);
      server.phonesAnswerMediaRetries = false;
      try {
        await expect(message.media!.open()).rejects.toMatchObject({ code: 'ERR_WAPP_DOWNLOAD_MEDIA' });
      } finally {
        server.phonesAnswerMediaRetries = true;
      }
    });
  });

  describe('number checks', () => {
    it('a number checked again and again is looked up once; a missing one is asked again after its shorter time', async () => {
      let now = 1_700_000_000_000;
      const { driver } = await connect({ clock: () => now, numberCheckTtl: { existsMs: 24 * 3_600_000, absentMs: 3_600_000 } });
      const number = String(nextCustomer++);
      server.addCustomer({ number });
      const absent = String(nextCustomer++);
      const lookups = (n: string) => server.numberLookups.filter((l) => l === n).length;

      for (let i = 0; i < 5; i++) expect(await driver.checkNumber(number)).toBe(number);
      // At the same time, and written differently: still the same number, still one lookup.
      const formatted = `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4)}`;
      expect(await Promise.all([driver.checkNumber(formatted), driver.checkNumber(number)])).toEqual([number, number]);
      expect(lookups(number)).toBe(1);

      for (let i = 0; i < 3; i++) await expect(driver.checkNumber(absent)).rejects.toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
      expect(lookups(absent)).toBe(1);

      now += 3_600_001;
      await expect(driver.checkNumber(absent)).rejects.toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });
      expect(await driver.checkNumber(number)).toBe(number);
      expect([lookups(absent), lookups(number)]).toEqual([2, 1]);

      now += 24 * 3_600_000;
      expect(await driver.checkNumber(number)).toBe(number);
      expect(lookups(number)).toBe(2);
    });
  });

  describe('send pacing', () => {
    /** Resolves when the customer's phone has the message. */
    const arrival = (customer: SimulatedCustomer, id: string) =>
      new Promise<void>((resolve) => {
        if (customer.inbox.has(id)) return resolve();
        const listener = (record: { id: string; customer: SimulatedCustomer }) => {
          if (record.id !== id || record.customer !== customer) return;
          server.off('delivered', listener);
          resolve();
        };
        server.on('delivered', listener);
      });
    const person = (c: SimulatedCustomer) => ({ id: c.number!, isGroup: false });

    it('pauses a random 1–3 s before a send to another chat, not between messages to the same chat, and keeps their order', async () => {
      let now = 1_700_000_000_000;
      const pauses: number[] = [];
      const draws = [0, 0.999, 0.5];
      const { driver } = await connect({
        sendGap: { minMs: 1_000, maxMs: 3_000 },
        clock: () => now,
        pacing: {
          random: () => draws.shift() ?? 0.5,
          sleep: (ms) => {
            pauses.push(ms);
            now += ms;
            return Promise.resolve();
          },
        },
      });
      const ana = server.addCustomer({ number: String(nextCustomer++) });
      const bia = server.addCustomer({ number: String(nextCustomer++) });

      const sends = [
        [ana, 'one'],
        [ana, 'two'],
        [bia, 'three'],
        [ana, 'four'],
        [bia, 'five'],
      ] as const;
      // All handed over at once, as an outbox pass with a backlog would: taken one at a time.
      const sent = await Promise.all(sends.map(([c, text]) => driver.sendText(person(c), text)));
      await Promise.all(sent.map((m, i) => arrival(sends[i][0], m.externalId)));
      expect(pauses).toEqual([1_000, 2_998, 2_000]);
      const texts = (c: SimulatedCustomer) =>
        [...c.inbox.values()].map((m) => m.message.conversation ?? m.message.extendedTextMessage?.text);
      expect(texts(ana)).toEqual(['one', 'two', 'four']);
      expect(texts(bia)).toEqual(['three', 'five']);

      // A send long after the last one has nothing to wait for.
      now += 10_000;
      await driver.sendText(person(ana), 'six');
      expect(pauses).toHaveLength(3);
    });

    it("one connection's pause does not hold another connection's sends", async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const slow = await connect({ sendGap: { minMs: 1_000, maxMs: 3_000 }, pacing: { sleep: () => held } });
      const fast = await connect({ sendGap: { minMs: 1_000, maxMs: 3_000 }, pacing: { sleep: () => Promise.resolve() } });
      const ana = server.addCustomer({ number: String(nextCustomer++) });
      const bia = server.addCustomer({ number: String(nextCustomer++) });

      await slow.driver.sendText(person(ana), 'first');
      const paused = slow.driver.sendText(person(bia), 'waits for its gap');
      const other = await fast.driver.sendText(person(bia), 'from another number');
      await arrival(bia, other.externalId);
      expect([...bia.inbox.values()].map((m) => m.message.conversation ?? m.message.extendedTextMessage?.text)).toEqual([
        'from another number',
      ]);

      release();
      const late = await paused;
      await arrival(bia, late.externalId);
      expect(bia.inbox.size).toBe(2);
    });
  });

  describe('group sends', () => {
    const textsOf = (c: SimulatedCustomer) =>
      [...c.inbox.values()].map((m) => m.message.conversation ?? m.message.extendedTextMessage?.text);
    const delivered = (c: SimulatedCustomer, id: string) =>
      new Promise<void>((resolve) => {
        if (c.inbox.has(id)) return resolve();
        const listener = (record: { id: string; customer: SimulatedCustomer }) => {
          if (record.id !== id || record.customer !== c) return;
          server.off('delivered', listener);
          resolve();
        };
        server.on('delivered', listener);
      });
    const newMember = () => server.addCustomer({ number: String(nextCustomer++) });

    it.each(['pn', 'lid'] as const)(
      "reaches every member's phone (sender key by pairwise message, content as skmsg); N sends ask for the metadata once (%s-addressed group)",
      async (addressing) => {
        const { driver } = await connect();
        const members = [newMember(), newMember(), newMember()];
        const groupId = server.addGroup({ subject: 'Equipe de vendas', members, addressing });
        const group = { id: groupId, isGroup: true };

        const ids: string[] = [];
        for (const text of ['um', 'dois', 'três', 'quatro']) ids.push((await driver.sendText(group, text)).externalId);
        await Promise.all(members.flatMap((m) => ids.map((id) => delivered(m, id))));

        for (const m of members) expect(textsOf(m)).toEqual(['um', 'dois', 'três', 'quatro']);
        expect(server.undecryptableGroupCopies.filter((c) => ids.includes(c.id))).toEqual([]);
        expect(server.groupMetadataQueries(groupId)).toBe(1);
      },
    );

    it('a participant added invalidates the kept metadata: the next send asks again and the new member reads it', async () => {
      const { company, ctx, driver } = await connect();
      const members = [newMember(), newMember()];
      const groupId = server.addGroup({ subject: 'Suporte', members });
      const group = { id: groupId, isGroup: true };
      const first = await driver.sendText(group, 'antes');
      await Promise.all(members.map((m) => delivered(m, first.externalId)));
      expect(server.groupMetadataQueries(groupId)).toBe(1);

      const joined = newMember();
      await server.addToGroup(company, groupId, joined, members[0]);
      // A member's message after the change: the driver has handled the change once it has this.
      const hello = await server.customerSendsToGroup(members[1], company, groupId, { conversation: 'bem-vindo' });
      await ctx.waitFor((e) => e.type === 'message' && e.message.externalId === hello, 'the group message after the change');

      const second = await driver.sendText(group, 'depois');
      await Promise.all([...members, joined].map((m) => delivered(m, second.externalId)));
      expect(textsOf(joined)).toEqual(['depois']);
      expect(server.groupMetadataQueries(groupId)).toBe(2);
    });

    it('a metadata query refused with rate-overlimit fails the send (kept for retry) and is reported as a rate limit', async () => {
      const { ctx, driver } = await connect();
      const groupId = server.addGroup({ subject: 'Avisos', members: [newMember()] });
      server.groupMetadataLimit = 0;
      try {
        await expect(driver.sendText({ id: groupId, isGroup: true }, 'oi')).rejects.toMatchObject({ code: 'ERR_SENDING_WAPP_MSG' });
      } finally {
        server.groupMetadataLimit = Number.POSITIVE_INFINITY;
      }
      const health = await ctx.waitFor((e) => e.type === 'health', 'a health event');
      expect(health).toMatchObject({ type: 'health', kind: 'rate-limited' });
      expect((health as { reason?: string }).reason).toContain('rate-overlimit');
    });

    it("a refused query for a group's name when a member writes still delivers the message, and is reported as a rate limit", async () => {
      const { company, ctx } = await connect();
      const member = newMember();
      const groupId = server.addGroup({ subject: 'Compras', members: [member] });
      server.groupMetadataLimit = 0;
      try {
        const id = await server.customerSendsToGroup(member, company, groupId, { conversation: 'alguém aí?' });
        await ctx.waitFor((e) => e.type === 'message' && e.message.externalId === id, 'the group message');
      } finally {
        server.groupMetadataLimit = Number.POSITIVE_INFINITY;
      }
      expect(ctx.events.find((e) => e.type === 'health')).toMatchObject({ kind: 'rate-limited' });
    });
  });
});
