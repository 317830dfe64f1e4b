/** The channel contract against the real baileys driver over the WhatsApp protocol test server. */
import { describe } from 'vitest';
import { describeChannelContract } from './channel-contract.js';
import { whatsappHarness } from './whatsapp-harness.js';

describe('whatsapp driver (baileys)', () => {
  describeChannelContract(whatsappHarness);
});
