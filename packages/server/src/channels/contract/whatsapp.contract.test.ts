/** The channel contract against the real baileys driver over the WhatsApp protocol test server. */
import { describe } from 'vitest';
import { describeAddressingContract } from './addressing-contract.js';
import { describeChannelContract } from './channel-contract.js';
import { whatsappHarness } from './whatsapp-harness.js';

describe('whatsapp driver (baileys)', () => {
  describeChannelContract(whatsappHarness);
});

describe('whatsapp driver (baileys): addressing and refusals', () => {
  describeAddressingContract(whatsappHarness);
});
