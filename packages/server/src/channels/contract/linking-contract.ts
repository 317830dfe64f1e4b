/**
 * Linking without a QR code, for the channels that can express it (ARCHITECTURE §5 "one contract
 * suite"): a pairing code bound to the phone's number and typed on that phone; and, where the
 * channel has it, WhatsApp's passkey step, which must end in a named state instead of a wait for ever.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelDriver, DriverEvent } from '../driver.js';
import type { ChannelHarness } from './harness.js';
import { MemoryAuthStore, RecordingContext } from './recording-context.js';

type StatusEvent = Extract<DriverEvent, { type: 'status' }>;
const isStatus =
  (status: string) =>
  (e: DriverEvent): e is StatusEvent =>
    e.type === 'status' && e.status === status;
const isQr = (e: DriverEvent): e is Extract<DriverEvent, { type: 'qr' }> => e.type === 'qr';

let nextCompany = 5511_9400_0000;
let nextConnection = 10_001;

export interface LinkingContractOptions {
  /** Why the channel has no passkey step (its scenarios are reported as skipped with it). */
  noPasskeyStep?: string;
}

export function describeLinkingContract(makeHarness: () => Promise<ChannelHarness>, options: LinkingContractOptions = {}): void {
  let harness: ChannelHarness;
  const drivers: ChannelDriver[] = [];

  beforeAll(async () => {
    harness = await makeHarness();
  });
  afterAll(() => harness.close());
  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.stop().catch(() => undefined);
  });

  /** A new session showing its QR code, as the connection dialog does. */
  const waitingSession = async () => {
    const auth = new MemoryAuthStore();
    const ctx = new RecordingContext(nextConnection++, auth);
    const driver = harness.createDriver(ctx);
    drivers.push(driver);
    await driver.start();
    await ctx.waitFor(isQr, 'a QR code');
    return { ctx, driver, auth, company: String(nextCompany++) };
  };

  describe('linking without a QR code', () => {
    it('links with the pairing code typed on the phone with that number', async () => {
      const { ctx, driver, company } = await waitingSession();
      expect(typeof driver.requestPairingCode).toBe('function');
      const code = await driver.requestPairingCode!(company);
      // 8 characters of the alphabet WhatsApp uses (baileys Utils/generics.js:372).
      expect(code).toMatch(/^[1-9A-HJ-NP-TV-Z]{8}$/);
      await harness.enterPairingCode!(company, `${code.slice(0, 4)}-${code.slice(4)}`);
      const connected = await ctx.waitFor(isStatus('CONNECTED'), 'CONNECTED after the code was typed');
      expect(connected.number).toBe(company);
    });

    const passkey = options.noPasskeyStep ? it.skip : it;
    const why = options.noPasskeyStep ? ` (${options.noPasskeyStep})` : '';
    passkey(`names the passkey step WhatsApp asks for, instead of waiting for ever${why}`, async () => {
      const { ctx, company, auth } = await waitingSession();
      harness.requirePasskey!(company);
      const qr = ctx.events.find(isQr)!;
      await harness.scan(qr.qrcode, company);
      const stopped = await ctx.waitFor(isStatus('DISCONNECTED'), 'DISCONNECTED naming the passkey step');
      expect(stopped.reason).toBe('passkey-required');
      expect(ctx.events.some(isStatus('CONNECTED'))).toBe(false);
      // The unconfirmed registration is forgotten: trying again starts with a new QR code.
      expect(auth.data.size).toBe(0);
    });

    passkey(`names the passkey step also when linking by pairing code (crsc_continuation)${why}`, async () => {
      const { ctx, driver, company } = await waitingSession();
      harness.requirePasskey!(company, 'crsc_continuation');
      const code = await driver.requestPairingCode!(company);
      await harness.enterPairingCode!(company, code);
      const stopped = await ctx.waitFor(isStatus('DISCONNECTED'), 'DISCONNECTED naming the passkey step');
      expect(stopped.reason).toBe('passkey-required');
    });
  });
}
