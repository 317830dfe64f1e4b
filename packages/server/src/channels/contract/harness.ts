/**
 * What the channel contract needs from each channel: a driver to test, a phone that scans its QR,
 * and customers who write, revoke, edit and read. One implementation per driver kind.
 */
import type { ChannelDriver, DriverContext } from '../driver.js';
import type { MemoryAuthStore } from './recording-context.js';

export interface ContractCustomer {
  /** A customer with a phone number (undefined when known only by a LID). */
  readonly number: string | undefined;
  sendText(body: string): Promise<string>;
  sendLocation(latitude: number, longitude: number, name: string): Promise<string>;
  sendContactCard(displayName: string, vcard: string): Promise<string>;
  sendMedia(media: ContractMedia): Promise<string>;
  /** A text in a group (id digits-dash-digits) the company number is in. */
  sendToGroup(groupId: string, body: string): Promise<string>;
  revoke(id: string): Promise<void>;
  edit(id: string, body: string): Promise<void>;
  /** The customer reacts to a message of the chat (empty emoji: takes the reaction away). Channels with reactions. */
  react?(id: string, emoji: string): Promise<void>;
  /** The company's reactions as the customer's phone shows them: message id → emoji. Channels with reactions. */
  reactionsFromCompany?(): Promise<Map<string, string>>;
  /** The customer opens the chat: read receipts for the given company messages. */
  read(ids: string[]): Promise<void>;
  /** Company messages on the customer's phone, by id. */
  received(): Promise<Map<string, ReceivedOnPhone>>;
  /** Whether the company's read receipt for this customer message reached the phone. */
  sawReadReceipt(id: string): Promise<boolean>;
  /** The channel announces the number behind this customer's LID (customers added with `hiddenNumber`). */
  revealNumber?(): Promise<void>;
}

export interface ReceivedOnPhone {
  kind: 'text' | 'image' | 'audio' | 'video' | 'document' | 'other';
  /** Text, or the caption of media. */
  text: string;
  voiceNote?: boolean;
  /** The media's bytes as the phone shows them. */
  data?: () => Promise<Buffer>;
}

export interface ContractMedia {
  kind: 'image' | 'audio' | 'document';
  data: Buffer;
  mimetype: string;
  filename?: string;
  caption?: string;
  /** Audio recorded as a voice note (push-to-talk). */
  voiceNote?: boolean;
}

export type DisconnectReasonName =
  | 'loggedOut'
  | 'forbidden'
  | 'outdated'
  | 'multideviceMismatch'
  | 'badSession'
  | 'restartRequired'
  | 'replaced'
  | 'unknownStreamError'
  | 'reasonlessFailure';

export interface ChannelHarness {
  readonly name: string;
  createDriver(ctx: DriverContext): ChannelDriver;
  /** The company phone scans the QR shown by the driver. */
  scan(qr: string, number: string): Promise<void>;
  /**
   * Channels configured with an account instead of a QR (Cloud API): the account for this number,
   * used by the drivers created next.
   */
  provision?(number: string): Promise<void>;
  /**
   * `lidAddressed`: WhatsApp addresses the customer's chats by LID (LID-migrated) and refuses sends
   * to the number (463). `refuses`: the channel refuses every message to this customer with this code.
   * `hiddenNumber`: the customer has a number the channel shows only later (revealNumber).
   */
  addCustomer(opts?: {
    lidOnly?: boolean;
    name?: string;
    lidAddressed?: boolean;
    refuses?: string;
    hiddenNumber?: boolean;
  }): Promise<ContractCustomer>;
  /** The channel ends the session with a reason (only channels that have such reasons). */
  disconnect?(number: string, reason: DisconnectReasonName): Promise<void>;
  /** Sessions the channel currently holds open for this number (0 after a final disconnect). */
  openSessions?(number: string): number;
  close(): Promise<void>;
  /** The auth store of a device that was never linked, for each scenario's pairing (default: an empty one). */
  newAuthStore?(): MemoryAuthStore;
  /** The person types the pairing code on the phone with this number (channels that link by code). */
  enterPairingCode?(number: string, code: string): Promise<void>;
  /** Linking this number asks for a passkey, as WhatsApp does for some accounts since 2026. */
  requirePasskey?(number: string, type?: 'passkey_prologue_request' | 'crsc_continuation'): void;
}
