/**
 * What WhatsApp does to a companion's session beyond the common channel contract, played by the
 * protocol test server against the real baileys driver: the WhatsApp Web version it must announce
 * (refused with 405 when retired), messages it cannot decrypt and the phone's resend, and the
 * offline queue after a time away. Each test-server behaviour cites baileys' source (server.ts).
 */
import { DEFAULT_CONNECTION_CONFIG } from 'baileys';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelDriver, DriverEvent } from '../driver.js';
import { createWhatsappDriver, type WhatsappDriverDeps } from '../whatsapp/driver.js';
import { WhatsAppTestServer } from '../whatsapp/test-server/server.js';
import { WebVersionSource, type WebVersion } from '../whatsapp/web-version.js';
import { RecordingContext } from './recording-context.js';
import { unlinkedDeviceStore } from './whatsapp-harness.js';
import { CREDS_KEY } from '../whatsapp/auth-state.js';
import { deserialize, serialize } from '../whatsapp/serialization.js';

type StatusEvent = Extract<DriverEvent, { type: 'status' }>;
type MessageEvent = Extract<DriverEvent, { type: 'message' }>;
const isStatus =
  (status: string) =>
  (e: DriverEvent): e is StatusEvent =>
    e.type === 'status' && e.status === status;
const isMessage =
  (id: string) =>
  (e: DriverEvent): e is MessageEvent =>
    e.type === 'message' && e.message.externalId === id;

let nextCompany = 5511_9400_0000;
let nextCustomer = 5511_9410_0000;
let nextConnection = 1;

describe('whatsapp session (baileys over the protocol test server)', () => {
  let server: WhatsAppTestServer;
  const drivers: ChannelDriver[] = [];

  beforeAll(async () => {
    server = await WhatsAppTestServer.start();
  });
  afterAll(() => server.close());
  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.stop().catch(() => undefined);
    server.minimumVersion = undefined;
    server.webVersion = [...DEFAULT_CONNECTION_CONFIG.version] as WebVersion;
  });

  /** A driver of one company number; `versions` as the production factory builds it. */
  const session = (
    versions: WebVersionSource | undefined = new WebVersionSource({ url: server.versionUrl }),
    auth = unlinkedDeviceStore(),
  ) => {
    const ctx = new RecordingContext(nextConnection++, auth);
    const deps: WhatsappDriverDeps = { waWebSocketUrl: server.url, reconnectDelays: [50, 100, 200], versions };
    const driver = createWhatsappDriver(ctx, deps);
    drivers.push(driver);
    return { ctx, driver, auth };
  };

  const pair = async (s: ReturnType<typeof session>, company = String(nextCompany++)) => {
    await s.driver.start();
    const qr = await s.ctx.waitFor((e): e is Extract<DriverEvent, { type: 'qr' }> => e.type === 'qr', 'a QR code');
    server.scan(qr.qrcode, company);
    await s.ctx.waitFor(isStatus('CONNECTED'), 'CONNECTED');
    return company;
  };

  /** The version the company's live connection announced in its client payload. */
  const announced = (company: string) => [...server.connections].find((c) => c.loggedIn && c.account?.number === company)?.appVersion;

  describe('WhatsApp Web version', () => {
    const current: WebVersion = [2, 3000, 2_000_000_001];

    it('logs in with the version WhatsApp Web names at start, where the bundled one is refused', async () => {
      server.webVersion = current;
      server.minimumVersion = current;
      const requests = server.versionRequests;
      const s = session();
      const company = await pair(s);
      expect(announced(company)).toEqual(current);
      expect(server.versionRequests).toBe(requests + 1);
    });

    it('refused with 405: fetches the current version once and reconnects with it, the pairing kept', async () => {
      const s = session(new WebVersionSource({ url: server.versionUrl, configured: [2, 3000, 1] }));
      const company = await pair(s);
      expect(announced(company)).toEqual([2, 3000, 1]);
      server.webVersion = current;
      server.minimumVersion = current;
      s.ctx.reset();
      server.disconnect(company, 'outdated');
      await s.ctx.waitFor(isStatus('CONNECTED'), 'CONNECTED with the current version');
      expect(announced(company)).toEqual(current);
      expect(s.ctx.events.filter((e) => e.type === 'health')).toEqual([
        { type: 'health', kind: 'reconnect', reason: expect.stringContaining('405') },
      ]);
      expect(s.ctx.events.some((e) => e.type === 'qr' || isStatus('DISCONNECTED')(e))).toBe(false);
    });

    it('still refused after fetching the current version: DISCONNECTED "outdated-client", no loop', async () => {
      const s = session(new WebVersionSource({ url: server.versionUrl, configured: [2, 3000, 1] }));
      const company = await pair(s);
      const requests = server.versionRequests;
      // WhatsApp Web names a version WhatsApp itself already refuses: nothing this server can do.
      server.webVersion = [2, 3000, 5];
      server.minimumVersion = current;
      s.ctx.reset();
      server.disconnect(company, 'outdated');
      const status = await s.ctx.waitFor(isStatus('DISCONNECTED'), 'DISCONNECTED');
      expect(status.reason).toBe('outdated-client');
      expect(server.versionRequests).toBe(requests + 1);
      expect(server.isConnected(company)).toBe(false);
      expect(s.ctx.events.filter((e) => e.type === 'health')).toHaveLength(1);
    });

    it('WhatsApp Web unreachable at start: logs in with the bundled version', async () => {
      const s = session(new WebVersionSource({ url: 'http://127.0.0.1:9/sw.js', timeoutMs: 2_000 }));
      const company = await pair(s);
      expect(announced(company)).toEqual(DEFAULT_CONNECTION_CONFIG.version);
    });
  });

  describe('messages the companion cannot decrypt', () => {
    it('shows a placeholder, counts it, asks the phone again, and the resend (same id) arrives with the content', async () => {
      const s = session();
      const company = await pair(s);
      const customer = server.addCustomer({ number: String(nextCustomer++), name: 'Rita' });
      const id = await server.customerSendsUndecryptable(customer, company);
      const placeholder = await s.ctx.waitFor(isMessage(id), 'the placeholder');
      expect(placeholder.message).toMatchObject({
        kind: 'chat',
        body: '',
        awaitingResend: true,
        chat: { id: customer.number, isGroup: false },
      });
      await s.ctx.waitFor((e) => e.type === 'health' && e.kind === 'undecryptable', 'an undecryptable health event');
      expect(server.retryRequests.get(id)).toBeGreaterThanOrEqual(1);

      await server.phoneResends(customer, company, id, { conversation: 'segunda via do boleto, por favor' });
      const resent = await s.ctx.waitFor((e): e is MessageEvent => isMessage(id)(e) && !e.message.awaitingResend, 'the resend');
      expect(resent.message).toMatchObject({ kind: 'chat', body: 'segunda via do boleto, por favor', chat: { id: customer.number } });
      expect(resent.message.awaitingResend).toBeUndefined();
    });

    it('one whose resend never comes stays a placeholder; the session goes on', async () => {
      const s = session();
      const company = await pair(s);
      const customer = server.addCustomer({ number: String(nextCustomer++) });
      const lost = await server.customerSendsUndecryptable(customer, company);
      await s.ctx.waitFor(isMessage(lost), 'the placeholder');
      const next = await server.customerSends(customer, company, { conversation: 'still there?' });
      const message = await s.ctx.waitFor(isMessage(next), 'the next message');
      expect(message.message.body).toBe('still there?');
      expect(s.ctx.events.filter(isMessage(lost))).toHaveLength(1);
      expect(s.ctx.events.filter((e) => e.type === 'health' && e.kind === 'undecryptable')).toHaveLength(1);
    });
  });

  describe("the customer's phone asks for one of our messages again", () => {
    const isAck = (id: string, ack: number) => (e: DriverEvent) => e.type === 'ack' && e.externalId === id && e.ack >= ack;

    it('baileys sends it again with the same id: the customer has it once, delivered', async () => {
      const s = session();
      const company = await pair(s);
      const customer = server.addCustomer({ number: String(nextCustomer++) });
      const first = await server.customerSends(customer, company, { conversation: 'oi' });
      const chat = (await s.ctx.waitFor(isMessage(first), 'the first message')).message.chat;
      customer.failsToDecrypt = 1;
      const sent = await s.driver.sendText(chat, 'seu pedido saiu para entrega');
      await s.ctx.waitFor(isAck(sent.externalId, 2), 'delivery after the resend');
      expect(server.phoneRetries.get(sent.externalId)).toBe(1);
      expect(customer.copies.get(sent.externalId)).toBe(1);
      expect(
        customer.inbox.get(sent.externalId)?.message.extendedTextMessage?.text ?? customer.inbox.get(sent.externalId)?.message.conversation,
      ).toBe('seu pedido saiu para entrega');
    });

    it('after a restart, the message is served from what the product stored (getMessage)', async () => {
      const auth = unlinkedDeviceStore();
      const first = session(undefined, auth);
      const company = await pair(first);
      const customer = server.addCustomer({ number: String(nextCustomer++) });
      const hello = await server.customerSends(customer, company, { conversation: 'oi' });
      const chat = (await first.ctx.waitFor(isMessage(hello), 'the first message')).message.chat;
      // The phone is offline when the message reaches it and asks for it again later, when the
      // process that sent it is gone: the next one must find it where the outbox stored it.
      customer.failsToDecrypt = 1;
      customer.asksLater = true;
      const sent = await first.driver.sendText(chat, 'segue o código de rastreio');
      await expect.poll(() => customer.pendingRetries, { timeout: 10_000 }).toEqual([sent.externalId]);
      await first.driver.stop();
      drivers.splice(drivers.indexOf(first.driver), 1);
      const again = session(undefined, auth);
      // What the outbox stored with the message (messages.raw_payload), served back by id.
      again.ctx.raws.set(sent.externalId, sent.raw!);
      await again.driver.start();
      await again.ctx.waitFor(isStatus('CONNECTED'), 'CONNECTED');
      server.phoneComesOnline(customer, company);
      await again.ctx.waitFor(isAck(sent.externalId, 2), 'delivery after the resend');
      expect(customer.copies.get(sent.externalId)).toBe(1);
    });
  });

  describe("customers' devices and identities", () => {
    const isAck = (id: string, ack: number) => (e: DriverEvent) => e.type === 'ack' && e.externalId === id && e.ack >= ack;

    /** A paired session with a customer who wrote once, and our first reply delivered. */
    const conversation = async () => {
      const s = session();
      const company = await pair(s);
      const customer = server.addCustomer({ number: String(nextCustomer++) });
      const hello = await server.customerSends(customer, company, { conversation: 'oi' });
      const chat = (await s.ctx.waitFor(isMessage(hello), 'the first message')).message.chat;
      const first = await s.driver.sendText(chat, 'olá! em que posso ajudar?');
      await s.ctx.waitFor(isAck(first.externalId, 2), 'delivery of the first reply');
      return { s, company, customer, chat, first };
    };

    it('a customer who links a second device gets our next message on both (devices notification)', async () => {
      const { s, company, customer, chat, first } = await conversation();
      expect([...customer.receivedOn.get(first.externalId)!]).toEqual([0]);
      await server.customerLinksDevice(customer, company, 7);
      const second = await s.driver.sendText(chat, 'também no computador');
      await s.ctx.waitFor(isAck(second.externalId, 2), 'delivery of the second reply');
      await expect.poll(() => [...(customer.receivedOn.get(second.externalId) ?? [])].sort(), { timeout: 10_000 }).toEqual([0, 7]);
    });

    it('a customer who reinstalled WhatsApp (identity change notification) decrypts our next message at once', async () => {
      const { s, company, customer, chat } = await conversation();
      await server.customerReinstalls(customer, company);
      const sent = await s.driver.sendText(chat, 'continua aí?');
      await s.ctx.waitFor(isAck(sent.externalId, 2), 'delivery');
      expect(customer.copies.get(sent.externalId)).toBe(1);
      expect(server.phoneRetries.get(sent.externalId)).toBeUndefined();
    });

    it('without the notification, the new phone asks again and still gets the message once', async () => {
      const { s, company, customer, chat } = await conversation();
      await server.customerReinstalls(customer, company, { notify: false });
      const sent = await s.driver.sendText(chat, 'continua aí?');
      await s.ctx.waitFor(isAck(sent.externalId, 2), 'delivery after the resend');
      expect(server.phoneRetries.get(sent.externalId)).toBe(1);
      expect(customer.copies.get(sent.externalId)).toBe(1);
    });
  });

  describe('the offline queue', () => {
    it('messages kept while the companion was away arrive after login, each once and in order', async () => {
      const auth = unlinkedDeviceStore();
      const first = session(undefined, auth);
      const company = await pair(first);
      const customer = server.addCustomer({ number: String(nextCustomer++), name: 'Otto' });
      await first.driver.stop();
      drivers.splice(drivers.indexOf(first.driver), 1);
      const ids: string[] = [];
      for (const body of ['um', 'dois', 'três']) ids.push(await server.customerSendsWhileAway(customer, company, { conversation: body }));

      // A session that has been linked a while has finished its first sync, so baileys does not hold
      // events back waiting for a history sync notification (Socket/chats.js:1085-1093); that sync
      // is not modelled, so its counter is set as it would be.
      const creds = deserialize<{ accountSyncCounter?: number }>(auth.data.get(CREDS_KEY)!);
      auth.data.set(CREDS_KEY, serialize({ ...creds, accountSyncCounter: 1 }));
      const again = session(undefined, auth);
      await again.driver.start();
      await again.ctx.waitFor(isStatus('CONNECTED'), 'CONNECTED');
      for (const id of ids) await again.ctx.waitFor(isMessage(id), `queued message ${id}`);
      const delivered = again.ctx.events.filter((e): e is MessageEvent => e.type === 'message');
      expect(delivered.map((e) => e.message.body)).toEqual(['um', 'dois', 'três']);
      expect(server.offlineQueueOf(company)).toHaveLength(0);
    });
  });
});
