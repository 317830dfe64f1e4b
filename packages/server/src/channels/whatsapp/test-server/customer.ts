/**
 * A customer's phone on the test server: a WhatsApp account (phone number and LID) with its own
 * Signal identity. It writes to a company account (Signal-encrypted like a real phone), decrypts
 * what the company sends, and sends delivery/read receipts when told to.
 */
import { randomBytes } from 'node:crypto';
import { proto } from 'baileys';
import { SignalParty } from './signal-party.js';

export interface ReceivedMessage {
  id: string;
  /** The company device the message came from. */
  from: string;
  message: proto.Message;
}

export class SimulatedCustomer {
  /**
   * The customer's devices, each its own Signal identity: the phone (0) and any linked
   * Web/Desktop companions (messages-recv.js:705-797 keeps baileys' device lists current).
   */
  readonly devices = new Map<number, SignalParty>([[0, new SignalParty()]]);
  /** Which of the customer's devices decrypted each company message. */
  readonly receivedOn = new Map<string, Set<number>>();
  /** What arrived, one entry per message id: a phone shows a re-sent id once. */
  readonly inbox = new Map<string, ReceivedMessage>();
  /** Ids of this customer's messages the company marked read (blue ticks on this phone). */
  readonly readByCompany = new Set<string>();
  /**
   * The next company messages this phone will fail to decrypt (a lost session, a Bad MAC): each is
   * answered with a retry receipt instead of a delivery receipt.
   */
  failsToDecrypt = 0;
  /**
   * A phone that was offline when those messages reached it asks later: retry receipts wait here
   * until `WhatsAppTestServer.phoneComesOnline`.
   */
  asksLater = false;
  readonly pendingRetries: string[] = [];
  /** How many copies of each company message this phone decrypted (a resend is a second copy). */
  readonly copies = new Map<string, number>();
  /**
   * WhatsApp addresses this customer's chats by LID (`from=<lid>@lid`, `sender_pn`,
   * `addressing_mode="lid"`) and refuses sends addressed to the phone number (refusals.ts).
   */
  lidAddressed = false;
  /**
   * WhatsApp shows only this customer's LID, though the account has a number: its messages come
   * from the LID alone, until a LID-mapping notification reveals the number (refusals.ts).
   */
  hidesNumber = false;
  /** A refusal code for every message sent to this customer (e.g. "479"), set by a test. */
  refuses: string | undefined;

  constructor(
    /** Phone number digits, or undefined for an account known only by its LID. */
    readonly number: string | undefined,
    /** LID user part (digits). */
    readonly lid: string,
    readonly name: string,
  ) {}

  /** What this phone sent, by id: a phone answers media retry requests from its own messages. */
  readonly sent = new Map<string, proto.IMessage>();

  get pnJid(): string | undefined {
    return this.number ? `${this.number}@s.whatsapp.net` : undefined;
  }

  get lidJid(): string {
    return `${this.lid}@lid`;
  }

  /** Message ids look like a phone's: "3A" + 18 hex digits (iOS style). */
  static newMessageId(): string {
    return `3A${randomBytes(9).toString('hex').toUpperCase()}`;
  }

  /** The phone's Signal side (device 0). */
  get party(): SignalParty {
    return this.devices.get(0)!;
  }

  /** True when `user` (the part before @, without device) names this customer. */
  is(user: string): boolean {
    return user === this.number || user === this.lid;
  }
}
