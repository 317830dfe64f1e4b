/**
 * The web offers the pairing code on a connection when the server says its channel can link by
 * code (PAIRING_CODE_CHANNELS): that list must be exactly the drivers that implement it.
 */
import { CHANNEL_KINDS, PAIRING_CODE_CHANNELS, type ChannelKind } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import type { ChannelDriver, DriverContext } from './driver.js';
import { MemoryAuthStore, RecordingContext } from './contract/recording-context.js';
import { SimulatorDriver } from './simulator/driver.js';
import type { SimulatorNetwork } from './simulator/network.js';
import { WebchatDriver } from './webchat/driver.js';
import { CloudDriver } from './whatsapp-cloud/driver.js';
import { lazyWhatsappDriverFactory } from './whatsapp/lazy-driver.js';
import { whatsappDriverFactory } from './whatsapp/driver.js';

const ctx = (): DriverContext => new RecordingContext(1, new MemoryAuthStore());

/** Each kind's driver as the server builds it (constructed only: nothing is started). */
const drivers: Record<ChannelKind, () => ChannelDriver[]> = {
  whatsapp: () => [lazyWhatsappDriverFactory(ctx()), whatsappDriverFactory(ctx())],
  simulator: () => [new SimulatorDriver(ctx(), {} as SimulatorNetwork)],
  'whatsapp-cloud': () => [Object.create(CloudDriver.prototype) as ChannelDriver],
  webchat: () => [Object.create(WebchatDriver.prototype) as ChannelDriver],
};

describe('channels that link by pairing code', () => {
  it.each(CHANNEL_KINDS)('%s: offered exactly when its driver implements requestPairingCode', (kind) => {
    for (const driver of drivers[kind]()) {
      expect(typeof driver.requestPairingCode === 'function', `${kind} driver`).toBe(PAIRING_CODE_CHANNELS.includes(kind));
    }
  });
});
