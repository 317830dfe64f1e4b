/** The channel contract against the simulator driver. */
import { describe } from 'vitest';
import { describeAddressingContract } from './addressing-contract.js';
import { describeChannelContract } from './channel-contract.js';
import { simulatorHarness } from './simulator-harness.js';

describe('simulator driver', () => {
  describeChannelContract(simulatorHarness, {
    notApplicable: {
      disconnectReasons: 'the simulated phone has no WhatsApp disconnect reasons',
    },
  });
});

describe('simulator driver: addressing and refusals', () => {
  describeAddressingContract(simulatorHarness, {
    notApplicable: {
      lidMapping: "the simulated network reveals a number with the customer's next message (hideNumber off), not with a notification",
    },
  });
});
