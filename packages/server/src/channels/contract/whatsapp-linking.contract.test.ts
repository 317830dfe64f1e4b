/** Linking by pairing code and the passkey step, on the real baileys driver over the protocol test server. */
import { describe } from 'vitest';
import { describeLinkingContract } from './linking-contract.js';
import { whatsappHarness } from './whatsapp-harness.js';

describe('whatsapp driver (baileys): linking', () => {
  describeLinkingContract(whatsappHarness);
});
