/** The channel contract against the WhatsApp Cloud API driver and the Graph API stand-in. */
import { describe } from 'vitest';
import { describeAddressingContract } from './addressing-contract.js';
import { describeChannelContract } from './channel-contract.js';
import { whatsappCloudHarness } from './whatsapp-cloud-harness.js';

describe('WhatsApp Cloud API driver', () => {
  describeChannelContract(whatsappCloudHarness, {
    notApplicable: {
      lidOnly: 'the Cloud API addresses customers by number (wa_id)',
      disconnectReasons: 'there is no session to lose: the account is checked at start',
      groups: 'the Cloud API does not take part in groups',
      revoke: 'the Cloud API does not report revoked customer messages',
      edit: 'the Cloud API does not report edited customer messages',
      reactions: 'reactions both ways are checked against the Graph API stand-in in modules/cloud/cloud.test.ts',
      editOut: 'the Cloud API cannot edit a sent message',
      chosenIds: 'Meta assigns the message id; the outbox keeps it',
    },
  });
});

describe('WhatsApp Cloud API driver: addressing and refusals', () => {
  describeAddressingContract(whatsappCloudHarness, {
    notApplicable: {
      lidMapping: 'the Cloud API addresses customers by number (wa_id)',
      lidAddressed: 'the Cloud API addresses customers by number (wa_id)',
      refusals:
        'Meta reports a refused send as a webhook status (whatsapp-cloud/webhook.test.ts); the Graph stand-in has no refusing customer',
    },
  });
});
