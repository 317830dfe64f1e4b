/** Linking by pairing code on the simulator driver. */
import { describe } from 'vitest';
import { describeLinkingContract } from './linking-contract.js';
import { simulatorHarness } from './simulator-harness.js';

describe('simulator driver: linking', () => {
  describeLinkingContract(simulatorHarness, { noPasskeyStep: 'the simulated phone asks for no passkey' });
});
