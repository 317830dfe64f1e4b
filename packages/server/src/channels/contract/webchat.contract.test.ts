/** The channel contract against the web chat driver (visitors of the website widget). */
import { describe } from 'vitest';
import { describeAddressingContract } from './addressing-contract.js';
import { describeChannelContract } from './channel-contract.js';
import { webchatHarness } from './webchat-harness.js';

describe('webchat driver', () => {
  describeChannelContract(webchatHarness, {
    pairing: 'none',
    notApplicable: {
      disconnectReasons: 'a website widget has no phone session to lose',
      lidOnly: 'visitors have no phone number to hide',
      groups: 'the widget is a one-to-one conversation',
      location: 'the widget sends text and files only',
      contactCard: 'the widget sends text and files only',
      revoke: 'visitors cannot delete what they sent',
      edit: 'visitors cannot edit what they sent',
      reactions: 'the widget shows no reactions (CHANNEL_MESSAGE_ACTIONS)',
      editOut: 'the widget shows no edits (CHANNEL_MESSAGE_ACTIONS)',
      readReceipts: 'the widget shows replies live (delivered) and sends no read receipts',
      voiceNote: "the visitor's browser plays recordings as stored; nothing is converted to a push-to-talk note",
      outboundMediaBytes:
        "the visitor downloads an attachment from the product's stored message, which this contract has no product to keep",
    },
  });
});

describe('webchat driver: addressing and refusals', () => {
  describeAddressingContract(webchatHarness, {
    notApplicable: {
      lidMapping: 'visitors have no phone number or LID',
      lidAddressed: 'visitors have no phone number or LID',
      refusals: 'the widget has no network that could refuse a reply',
    },
  });
});
