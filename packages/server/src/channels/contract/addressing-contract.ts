/**
 * The channel contract's addressing and refusal scenarios (issue: "what the customer receives is
 * what the inbox shows"): a reply reaches a customer WhatsApp addresses by LID, and a send the
 * channel refuses is reported as failed with the refusal's code — never left as sent. Run beside
 * the main contract (channel-contract.ts) by each driver's contract file it applies to.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelDriver, DriverEvent, InboundMessage } from '../driver.js';
import type { ChannelHarness, ContractCustomer } from './harness.js';
import { MemoryAuthStore, RecordingContext } from './recording-context.js';

type FailedEvent = Extract<DriverEvent, { type: 'failed' }>;

const isConnected = (e: DriverEvent) => e.type === 'status' && e.status === 'CONNECTED';
const isMessage =
  (id: string) =>
  (e: DriverEvent): e is Extract<DriverEvent, { type: 'message' }> =>
    e.type === 'message' && e.message.externalId === id;
const isAck = (id: string, ack: number) => (e: DriverEvent) => e.type === 'ack' && e.externalId === id && e.ack >= ack;
const isFailed =
  (id: string) =>
  (e: DriverEvent): e is FailedEvent =>
    e.type === 'failed' && e.externalId === id;

let nextCompany = 5511_9350_0000;
let nextConnection = 5_000;

export interface AddressingContractOptions {
  /** Scenarios this channel cannot express, with the reason (reported as skipped). */
  notApplicable?: Partial<Record<'lidAddressed' | 'refusals' | 'lidMapping', string>>;
}

export function describeAddressingContract(makeHarness: () => Promise<ChannelHarness>, options: AddressingContractOptions = {}): void {
  let harness: ChannelHarness;
  let ctx: RecordingContext;
  let driver: ChannelDriver;
  const drivers: ChannelDriver[] = [];
  type Scenario = keyof NonNullable<AddressingContractOptions['notApplicable']>;
  const applies = (scenario: Scenario) => (options.notApplicable?.[scenario] ? it.skip : it);
  const why = (scenario: Scenario) => (options.notApplicable?.[scenario] ? ` (${options.notApplicable[scenario]})` : '');

  /** start → QR → the phone scans → CONNECTED (or the account provisioned, for channels without QR). */
  const pair = async (): Promise<void> => {
    const company = String(nextCompany++);
    ctx = new RecordingContext(nextConnection++, harness.newAuthStore?.() ?? new MemoryAuthStore());
    if (harness.provision) await harness.provision(company);
    driver = harness.createDriver(ctx);
    drivers.push(driver);
    await driver.start();
    if (!harness.provision) {
      const qr = await ctx.waitFor((e): e is Extract<DriverEvent, { type: 'qr' }> => e.type === 'qr', 'a QR code');
      await harness.scan(qr.qrcode, company);
    }
    await ctx.waitFor(isConnected, 'CONNECTED');
  };

  const inbound = async (customer: ContractCustomer, body: string): Promise<InboundMessage> => {
    const id = await customer.sendText(body);
    return (await ctx.waitFor(isMessage(id), `inbound message ${id}`)).message;
  };

  beforeAll(async () => {
    harness = await makeHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    drivers.length = 0;
  });
  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.stop().catch(() => undefined);
  });

  describe('addressing and refused sends', () => {
    applies('lidAddressed')(`a reply to a customer WhatsApp addresses by LID reaches them${why('lidAddressed')}`, async () => {
      await pair();
      const customer = await harness.addCustomer({ lidAddressed: true, name: 'Lia' });
      const message = await inbound(customer, 'oi, sou a Lia');
      // The product keeps the person by number, with the LID the chat is addressed by.
      expect(message.chat).toMatchObject({ id: customer.number, isGroup: false });
      expect(message.chat.lid).toMatch(/@lid$/);
      expect(message.sender).toMatchObject({ number: customer.number, lid: message.chat.lid });
      const sent = await driver.sendText(message.chat, 'olá, Lia');
      await ctx.waitFor(isAck(sent.externalId, 2), 'delivery to the LID-addressed customer');
      expect((await customer.received()).get(sent.externalId)?.text).toBe('olá, Lia');
      expect(ctx.events.some((e) => e.type === 'failed')).toBe(false);
    });

    applies('lidAddressed')(
      `a reply addressed by number alone goes to the LID the session learnt from the chat${why('lidAddressed')}`,
      async () => {
        await pair();
        const customer = await harness.addCustomer({ lidAddressed: true });
        await inbound(customer, 'escrevi primeiro');
        const sent = await driver.sendText({ id: customer.number!, isGroup: false }, 'resposta pelo número');
        await ctx.waitFor(isAck(sent.externalId, 2), 'delivery');
        expect((await customer.received()).get(sent.externalId)?.text).toBe('resposta pelo número');
      },
    );

    applies('lidAddressed')(
      `a send by number to a LID-migrated customer who never wrote is refused (463), reported as failed${why('lidAddressed')}`,
      async () => {
        await pair();
        // Someone else writes first. After a first link baileys holds its events until the history
        // sync arrives (Socket/chats.js:1076-1110; the test server sends none), and any inbound
        // message releases them: without one the refusal would wait out baileys' 20 s.
        await inbound(await harness.addCustomer(), 'bom dia');
        const customer = await harness.addCustomer({ lidAddressed: true });
        const sent = await driver.sendText({ id: customer.number!, isGroup: false }, 'primeiro contato').catch((err: unknown) => err);
        // Refused either when sending (the driver knows at once) or after, by the channel's answer.
        const externalId = (sent as { externalId?: string }).externalId;
        expect(externalId, String(sent)).toBeTruthy();
        const failed = await ctx.waitFor(isFailed(externalId!), 'the refusal');
        expect(failed).toMatchObject({ error: 'ERR_WAPP_SEND_REFUSED', code: '463' });
        expect((await customer.received()).has(externalId!)).toBe(false);
        expect(ctx.events.some(isAck(externalId!, 2))).toBe(false);
      },
    );

    applies('lidMapping')(
      `the number WhatsApp later announces for a LID-only customer reaches the product with the LID${why('lidMapping')}`,
      async () => {
        await pair();
        const customer = await harness.addCustomer({ hiddenNumber: true });
        const message = await inbound(customer, 'número oculto');
        expect(message.sender.number).toMatch(/@lid$/);
        await customer.revealNumber!();
        const contact = await ctx.waitFor(
          // Not the contact event of the message itself (the LID standing in for the number).
          (e): e is Extract<DriverEvent, { type: 'contact' }> =>
            e.type === 'contact' && e.lid === message.sender.lid && !e.number.endsWith('@lid'),
          'the LID mapping',
        );
        expect(contact.number).toBe(customer.number);
      },
    );

    applies('refusals')(`a send the channel refuses is reported as failed with the refusal's code${why('refusals')}`, async () => {
      await pair();
      const customer = await harness.addCustomer({ refuses: '479' });
      const message = await inbound(customer, 'me responde?');
      const sent = await driver.sendText(message.chat, 'vai ser recusada');
      const failed = await ctx.waitFor(isFailed(sent.externalId), 'the refusal');
      expect(failed).toMatchObject({ error: 'ERR_WAPP_SEND_REFUSED', code: '479' });
      expect((await customer.received()).has(sent.externalId)).toBe(false);
      expect(ctx.events.some(isAck(sent.externalId, 2))).toBe(false);
    });
  });
}
