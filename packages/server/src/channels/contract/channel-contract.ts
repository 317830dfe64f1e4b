/**
 * The channel contract: what every channel driver must do, written once and run against each
 * driver (simulator.contract.test.ts, whatsapp.contract.test.ts). Scenarios wait for events with
 * timeouts — never fixed sleeps — so they hold under CPU load.
 */
import { buffer } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANNEL_MESSAGE_ACTIONS } from '@switchboard/shared';
import type { ChannelDriver, ChatAddress, DriverEvent, InboundMessage } from '../driver.js';
import { MP3, PDF, PNG, sineWav } from '../../test/fixtures.js';
import type { ChannelHarness, ContractCustomer } from './harness.js';
import { MemoryAuthStore, RecordingContext } from './recording-context.js';

type MessageEvent = Extract<DriverEvent, { type: 'message' }>;
type StatusEvent = Extract<DriverEvent, { type: 'status' }>;

const isStatus =
  (status: string) =>
  (e: DriverEvent): e is StatusEvent =>
    e.type === 'status' && e.status === status;
const isMessage =
  (id: string) =>
  (e: DriverEvent): e is MessageEvent =>
    e.type === 'message' && e.message.externalId === id;
const isAck = (id: string, ack: number) => (e: DriverEvent) => e.type === 'ack' && e.externalId === id && e.ack >= ack;

let nextCompany = 5511_9300_0000;

let nextConnection = 1;

export interface ContractOptions {
  /** Scenarios this channel cannot express, with the reason (reported as skipped). */
  notApplicable?: Partial<
    Record<
      | 'lidOnly'
      | 'disconnectReasons'
      | 'groups'
      | 'revoke'
      | 'edit'
      | 'reactions'
      | 'editOut'
      | 'chosenIds'
      | 'location'
      | 'contactCard'
      | 'readReceipts'
      | 'voiceNote'
      | 'outboundMediaBytes',
      string
    >
  >;
  /** How a session becomes CONNECTED: by a QR code the phone scans (default), or at once. */
  pairing?: 'qr' | 'none';
  /** Scenarios this channel fails until a known defect is fixed (skipped, named by the defect). */
  pending?: Partial<Record<'voiceNote', string>>;
}

export function describeChannelContract(makeHarness: () => Promise<ChannelHarness>, options: ContractOptions = {}): void {
  let harness: ChannelHarness;
  let auth: MemoryAuthStore;
  let ctx: RecordingContext;
  let driver: ChannelDriver;
  let company: string;
  const drivers: ChannelDriver[] = [];
  const why = (key: keyof NonNullable<ContractOptions['notApplicable']>) => {
    const reason = options.notApplicable?.[key];
    return reason ? ` (${reason})` : '';
  };

  const startDriver = async (): Promise<void> => {
    ctx = new RecordingContext(nextConnection++, auth);
    driver = harness.createDriver(ctx);
    drivers.push(driver);
    await driver.start();
  };

  const na = (scenario: keyof NonNullable<ContractOptions['notApplicable']>) => options.notApplicable?.[scenario];
  /** A scenario the channel cannot express is reported as skipped, with the reason. */
  const applies = (scenario: keyof NonNullable<ContractOptions['notApplicable']>) => (na(scenario) ? it.skip : it);

  /**
   * start → QR → the phone scans → CONNECTED with the phone's number; a channel configured with an
   * account instead (Cloud API) gets the account for the number, then connects without a QR; one
   * that needs no pairing (web chat) is CONNECTED at once.
   */
  const pair = async (): Promise<void> => {
    if (harness.provision) {
      await harness.provision(company);
      await startDriver();
    } else if (options.pairing === 'none') {
      await startDriver();
      await ctx.waitFor(isStatus('CONNECTED'), 'CONNECTED');
      return;
    } else {
      await startDriver();
      const qr = await ctx.waitFor((e): e is Extract<DriverEvent, { type: 'qr' }> => e.type === 'qr', 'a QR code');
      await harness.scan(qr.qrcode, company);
    }
    const connected = await ctx.waitFor(isStatus('CONNECTED'), 'CONNECTED');
    expect(connected.number).toBe(company);
  };

  /** The customer writes; resolves with what the driver handed to the product. */
  const inbound = async (send: Promise<string>): Promise<InboundMessage> => {
    const id = await send;
    return (await ctx.waitFor(isMessage(id), `inbound message ${id}`)).message;
  };

  /** The product's address for a customer: the chat of the customer's first message. */
  const addressOf = async (customer: ContractCustomer): Promise<ChatAddress> => (await inbound(customer.sendText('hello'))).chat;

  // One channel (server, network) per file; each scenario pairs its own company number.
  beforeAll(async () => {
    harness = await makeHarness();
  });
  afterAll(() => harness.close());

  beforeEach(() => {
    auth = harness.newAuthStore?.() ?? new MemoryAuthStore();
    company = String(nextCompany++);
  });

  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.stop().catch(() => undefined);
  });

  describe(`channel contract`, () => {
    it(
      options.pairing === 'none' ? 'connects at start, once' : 'pairs (by QR code, or with its account) and reports the phone number',
      async () => {
        await pair();
        expect(ctx.events.filter(isStatus('CONNECTED'))).toHaveLength(1);
      },
    );

    it('delivers an inbound text with the customer as sender and chat', async () => {
      await pair();
      const customer = await harness.addCustomer({ name: 'Ana' });
      const message = await inbound(customer.sendText('Olá, preciso de ajuda'));
      expect(message).toMatchObject({ kind: 'chat', body: 'Olá, preciso de ajuda', fromMe: false });
      expect(message.chat).toEqual({ id: customer.number, isGroup: false });
      expect(message.sender.number).toBe(customer.number);
    });

    it('delivers an inbound image with its caption and bytes', async () => {
      await pair();
      const customer = await harness.addCustomer();
      const message = await inbound(customer.sendMedia({ kind: 'image', data: PNG, mimetype: 'image/png', caption: 'foto do produto' }));
      expect(message).toMatchObject({ kind: 'image', body: 'foto do produto' });
      expect(message.media?.mimetype).toBe('image/png');
      expect(await buffer(await message.media!.open())).toEqual(PNG);
    });

    it('delivers an inbound voice note as audio', async () => {
      await pair();
      const customer = await harness.addCustomer();
      const message = await inbound(customer.sendMedia({ kind: 'audio', data: MP3, mimetype: 'audio/mpeg', voiceNote: true }));
      expect(message.kind).toBe('audio');
      expect(await buffer(await message.media!.open())).toEqual(MP3);
    });

    it('delivers an inbound document with its file name', async () => {
      await pair();
      const customer = await harness.addCustomer();
      const message = await inbound(
        customer.sendMedia({ kind: 'document', data: PDF, mimetype: 'application/pdf', filename: 'boleto.pdf' }),
      );
      expect(message.kind).toBe('document');
      expect(message.media?.filename).toBe('boleto.pdf');
      expect(await buffer(await message.media!.open())).toEqual(PDF);
    });

    applies('groups')(`delivers a group message with the group as chat and the member as sender${why('groups')}`, async () => {
      await pair();
      const customer = await harness.addCustomer({ name: 'Carla' });
      const groupId = `120363${String(Date.now()).slice(-9)}`;
      const message = await inbound(customer.sendToGroup(groupId, 'bom dia, grupo'));
      expect(message).toMatchObject({ kind: 'chat', body: 'bom dia, grupo', chat: { id: groupId, isGroup: true } });
      expect(message.sender.number).toBe(customer.number);
    });

    applies('location')(`delivers an inbound location with its coordinates${why('location')}`, async () => {
      await pair();
      const customer = await harness.addCustomer();
      const message = await inbound(customer.sendLocation(-23.55, -46.63, 'Loja'));
      expect(message.kind).toBe('location');
      expect(message.body).toContain('-23.55');
      expect(message.body).toContain('-46.63');
    });

    applies('contactCard')(`delivers an inbound contact card with its vCard${why('contactCard')}`, async () => {
      await pair();
      const customer = await harness.addCustomer();
      const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Bruno\nTEL;type=CELL:+55 11 91234-5678\nEND:VCARD';
      const message = await inbound(customer.sendContactCard('Bruno', vcard));
      expect(message.kind).toBe('vcard');
      expect(message.body).toContain('FN:Bruno');
    });

    it('sends a text the customer receives, with delivery and read receipts', async () => {
      await pair();
      const customer = await harness.addCustomer();
      const to = await addressOf(customer);
      const sent = await driver.sendText(to, 'Em que posso ajudar?');
      await ctx.waitFor(isAck(sent.externalId, 2), 'delivery receipt');
      expect((await customer.received()).get(sent.externalId)?.text).toBe('Em que posso ajudar?');
      if (na('readReceipts')) return;
      await customer.read([sent.externalId]);
      await ctx.waitFor(isAck(sent.externalId, 3), 'read receipt');
    });

    it('sends an image the customer receives, with delivery and read receipts', async () => {
      await pair();
      const customer = await harness.addCustomer();
      const to = await addressOf(customer);
      const sent = await driver.sendMedia(to, {
        kind: 'image',
        mimetype: 'image/png',
        filename: 'foto.png',
        data: PNG,
        caption: 'segue a foto',
      });
      await ctx.waitFor(isAck(sent.externalId, 2), 'delivery receipt');
      const onPhone = (await customer.received()).get(sent.externalId);
      expect(onPhone).toMatchObject({ kind: 'image', text: 'segue a foto' });
      if (!na('outboundMediaBytes')) expect(await onPhone!.data!()).toEqual(PNG);
      if (na('readReceipts')) return;
      await customer.read([sent.externalId]);
      await ctx.waitFor(isAck(sent.externalId, 3), 'read receipt');
    });

    const voiceNote = options.pending?.voiceNote ?? na('voiceNote');
    (voiceNote ? it.skip : it)(
      `sends a recording as a voice note (Ogg/Opus, push-to-talk), with delivery and read receipts${voiceNote ? ` — ${voiceNote}` : ''}`,
      async () => {
        await pair();
        const customer = await harness.addCustomer();
        const to = await addressOf(customer);
        const sent = await driver.sendMedia(to, {
          kind: 'audio',
          mimetype: 'audio/wav',
          filename: 'gravacao.wav',
          data: sineWav(),
          voiceNote: true,
        });
        await ctx.waitFor(isAck(sent.externalId, 2), 'delivery receipt');
        const onPhone = (await customer.received()).get(sent.externalId);
        expect(onPhone).toMatchObject({ kind: 'audio', voiceNote: true });
        expect((await onPhone!.data!()).subarray(0, 4).toString()).toBe('OggS');
        await customer.read([sent.externalId]);
        await ctx.waitFor(isAck(sent.externalId, 3), 'read receipt');
      },
    );

    (options.notApplicable?.chosenIds ? it.skip : it)(
      `uses the id chosen by the outbox, so a resend after a crash reaches the customer once${why('chosenIds')}`,
      async () => {
        await pair();
        const customer = await harness.addCustomer();
        const to = await addressOf(customer);
        const messageId = 'SB0123456789ABCDEF01';
        const first = await driver.sendText(to, 'once only', { messageId });
        expect(first.externalId).toBe(messageId);
        await ctx.waitFor(isAck(messageId, 2), 'delivery of the first attempt');
        // The process dies before recording the send; on restart the outbox sends again, same id.
        await driver.stop();
        await startDriver();
        await ctx.waitFor(isStatus('CONNECTED'), 'CONNECTED after restart');
        const again = await driver.sendText(to, 'once only', { messageId });
        expect(again.externalId).toBe(messageId);
        await ctx.waitFor(isAck(messageId, 2), 'delivery of the resend');
        const received = [...(await customer.received()).values()].filter((m) => m.text === 'once only');
        expect(received).toHaveLength(1);
      },
    );

    applies('readReceipts')(`marks the customer messages read on the phone by their ids${why('readReceipts')}`, async () => {
      await pair();
      const customer = await harness.addCustomer();
      const first = await inbound(customer.sendText('first'));
      const second = await inbound(customer.sendText('second'));
      await driver.markRead(first.chat, [first.externalId]);
      await expect.poll(() => customer.sawReadReceipt(first.externalId), { timeout: 10_000 }).toBe(true);
      // Only the messages named: the second one stays unread on the customer's phone.
      expect(await customer.sawReadReceipt(second.externalId)).toBe(false);
      await driver.markRead(second.chat, [second.externalId]);
      await expect.poll(() => customer.sawReadReceipt(second.externalId), { timeout: 10_000 }).toBe(true);
    });

    applies('revoke')(`reports a customer revoking a message${why('revoke')}`, async () => {
      await pair();
      const customer = await harness.addCustomer();
      const message = await inbound(customer.sendText('oops'));
      await customer.revoke(message.externalId);
      const revoke = await ctx.waitFor((e) => e.type === 'revoke' && e.externalId === message.externalId, 'revoke');
      expect(revoke).toMatchObject({ chat: message.chat });
    });

    applies('edit')(`reports a customer editing a message${why('edit')}`, async () => {
      await pair();
      const customer = await harness.addCustomer();
      const message = await inbound(customer.sendText('teh typo'));
      await customer.edit(message.externalId, 'the typo');
      const edit = await ctx.waitFor((e) => e.type === 'edit' && e.externalId === message.externalId, 'edit');
      expect(edit).toMatchObject({ body: 'the typo' });
    });

    it('offers exactly the message actions (react, edit) its channel kind declares', async () => {
      await pair();
      const declared = CHANNEL_MESSAGE_ACTIONS[driver.kind];
      expect({ react: typeof driver.react === 'function', edit: typeof driver.editText === 'function' }).toEqual(declared);
    });

    applies('reactions')(`reports a customer's reaction on our message, and its removal${why('reactions')}`, async () => {
      await pair();
      const customer = await harness.addCustomer();
      const to = await addressOf(customer);
      const sent = await driver.sendText(to, 'Pedido enviado');
      await ctx.waitFor(isAck(sent.externalId, 2), 'delivery receipt');
      await customer.react!(sent.externalId, '👍');
      const reaction = await ctx.waitFor((e) => e.type === 'reaction' && e.externalId === sent.externalId && e.emoji === '👍', 'reaction');
      expect(reaction).toMatchObject({ fromMe: false, chat: { isGroup: false } });
      await customer.react!(sent.externalId, '');
      await ctx.waitFor((e) => e.type === 'reaction' && e.externalId === sent.externalId && e.emoji === '', 'reaction taken away');
    });

    applies('reactions')(`puts our reaction on a customer's message, and takes it away${why('reactions')}`, async () => {
      await pair();
      const customer = await harness.addCustomer();
      const message = await inbound(customer.sendText('chegou?'));
      await driver.react!(message.chat, { externalId: message.externalId, fromMe: false }, '❤️');
      await expect.poll(async () => (await customer.reactionsFromCompany!()).get(message.externalId), { timeout: 10_000 }).toBe('❤️');
      await driver.react!(message.chat, { externalId: message.externalId, fromMe: false }, '');
      await expect.poll(async () => (await customer.reactionsFromCompany!()).has(message.externalId), { timeout: 10_000 }).toBe(false);
    });

    applies('editOut')(`edits one of our texts: the customer's phone shows the new text${why('editOut')}`, async () => {
      await pair();
      const customer = await harness.addCustomer();
      const to = await addressOf(customer);
      const sent = await driver.sendText(to, 'Entrega amanha');
      await ctx.waitFor(isAck(sent.externalId, 2), 'delivery receipt');
      await driver.editText!(to, sent.externalId, 'Entrega hoje');
      await expect.poll(async () => (await customer.received()).get(sent.externalId)?.text, { timeout: 10_000 }).toBe('Entrega hoje');
    });

    it('restarts with the saved pairing: no new QR, connected again', async () => {
      await pair();
      await driver.stop();
      await startDriver();
      await ctx.waitFor(isStatus('CONNECTED'), 'CONNECTED after restart');
      expect(ctx.events.some((e) => e.type === 'qr')).toBe(false);
      const customer = await harness.addCustomer();
      const message = await inbound(customer.sendText('still there?'));
      expect(message.body).toBe('still there?');
    });

    const lidOnly = options.notApplicable?.lidOnly;
    (lidOnly ? it.skip : it)(`reaches a customer known only by a LID${lidOnly ? ` (${lidOnly})` : ''}`, async () => {
      await pair();
      const customer = await harness.addCustomer({ lidOnly: true });
      const message = await inbound(customer.sendText('from a LID'));
      const sent = await driver.sendText(message.chat, 'reply to a LID');
      await ctx.waitFor(isAck(sent.externalId, 2), 'delivery to the LID');
      expect((await customer.received()).get(sent.externalId)?.text).toBe('reply to a LID');
    });

    if (lidOnly === undefined) {
      it('receives from a customer known only by a LID', async () => {
        await pair();
        const customer = await harness.addCustomer({ lidOnly: true });
        const message = await inbound(customer.sendText('from a LID'));
        expect(message.body).toBe('from a LID');
      });
    }
  });

  const disconnects = options.notApplicable?.disconnectReasons;
  describe.skipIf(disconnects !== undefined)(`disconnect reasons${disconnects ? ` (${disconnects})` : ''}`, () => {
    const disconnect = async (reason: Parameters<NonNullable<ChannelHarness['disconnect']>>[1]) => {
      await pair();
      ctx.reset();
      await harness.disconnect!(company, reason);
    };

    it('restart required (515): reconnects by itself, no new QR', async () => {
      await disconnect('restartRequired');
      await ctx.waitFor(isStatus('CONNECTED'), 'CONNECTED after 515');
      expect(ctx.events.some((e) => e.type === 'qr')).toBe(false);
    });

    it('logged out on the phone (401): DISCONNECTED, pairing forgotten', async () => {
      await disconnect('loggedOut');
      const status = await ctx.waitFor(isStatus('DISCONNECTED'), 'DISCONNECTED');
      expect(status.reason).toBe('logged-out');
      expect(auth.data.size).toBe(0);
    });

    it('replaced by another session (440): DISCONNECTED, not reconnecting', async () => {
      await disconnect('replaced');
      const status = await ctx.waitFor(isStatus('DISCONNECTED'), 'DISCONNECTED');
      expect(status.reason).toBe('replaced');
      expect(harness.openSessions!(company)).toBe(0);
    });

    // 405 is final once the current version was fetched again and is still refused.
    for (const [reason, code] of [
      ['forbidden', 403],
      ['outdated', 405],
      ['multideviceMismatch', 411],
    ] as const) {
      it(`${reason} (${code}): DISCONNECTED with a visible reason, no reconnect loop`, async () => {
        await disconnect(reason);
        const status = await ctx.waitFor(isStatus('DISCONNECTED'), 'DISCONNECTED');
        expect(status.reason).toBeTruthy();
        expect(ctx.events.filter(isStatus('OPENING'))).toHaveLength(0);
        expect(harness.openSessions!(company)).toBe(0);
      });
    }

    // baileys names all three 500 (generics.js:289-300, socket.js:798-801): never final.
    for (const [reason, what] of [
      ['badSession', 'a bad-session stream error'],
      ['unknownStreamError', 'a stream error of unknown reason'],
      ['reasonlessFailure', 'a failure without a reason'],
    ] as const) {
      it(`${what} (500): reconnects by itself with the pairing kept, the reconnect counted`, async () => {
        await disconnect(reason);
        const health = await ctx.waitFor(
          (e): e is Extract<DriverEvent, { type: 'health' }> => e.type === 'health' && e.kind === 'reconnect',
          'a reconnect health event',
        );
        expect(health.reason).toContain('500');
        await ctx.waitFor(isStatus('CONNECTED'), 'CONNECTED again');
        expect(ctx.events.some((e) => e.type === 'qr' || (e.type === 'status' && e.status === 'DISCONNECTED'))).toBe(false);
        expect(harness.openSessions!(company)).toBe(1);
      });
    }
  });
}
