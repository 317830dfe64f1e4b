/**
 * The one interface every channel kind implements (ARCHITECTURE §5). The inbound pipeline, the
 * outbox and the session manager know only this file.
 */
import type { Readable } from 'node:stream';
import type { ChannelKind, CloudErrorCode, ConnectionStatus } from '@switchboard/shared';
import type { Clock } from '../context.js';

/** Kinds of message content, named as the web renders them (spec §2 Message rendering). */
export type MessageKind = 'chat' | 'image' | 'audio' | 'video' | 'document' | 'sticker' | 'location' | 'vcard' | 'call_log';

/** Where a message goes or comes from: a customer's number (digits) or a group id. */
export interface ChatAddress {
  /** Digits only for people; the group id (e.g. "1203630…") for groups. */
  id: string;
  isGroup: boolean;
  /**
   * The LID ("1234…@lid") the channel addresses this person by, when known: WhatsApp refuses sends
   * to a LID-migrated person's number (463), so a send goes to the LID.
   */
  lid?: string;
}

export interface InboundMedia {
  mimetype: string;
  filename?: string;
  /**
   * Opens the bytes as a stream (ERR_WAPP_DOWNLOAD_MEDIA when it cannot): the pipeline streams them
   * to the media store, never whole in memory, and stops at MEDIA_MAX_MB.
   */
  open(): Promise<Readable>;
}

export interface InboundMessage {
  /** The channel's id of the message; (connection, externalId) is unique. */
  externalId: string;
  chat: ChatAddress;
  /** The group's subject, when the channel knows it (a new group contact is named after it). */
  chatName?: string;
  /** Who wrote it: the customer, or for groups the member. */
  sender: { number: string; name?: string; lid?: string };
  /** Sent from the connected phone itself (another device of the company). */
  fromMe: boolean;
  timestamp: Date;
  kind: MessageKind;
  /** Text, caption, "lat,lng" description for locations, the vCard for contact cards. */
  body: string;
  quotedExternalId?: string;
  media?: InboundMedia;
  location?: { latitude: number; longitude: number; name?: string };
  /** Serialized channel payload, kept to re-serve the message when the channel asks for it. */
  raw?: string;
  /**
   * A placeholder: the channel received a message it could not decrypt and asked the sender's
   * phone to send it again. The resend (same externalId) replaces it; one that never comes stays.
   */
  awaitingResend?: true;
}

export type Ack = 0 | 1 | 2 | 3 | 4;

/** What channels/health counts per connection (the last hour, shown on Connections and /api/health). */
export type ChannelHealthKind = 'reconnect' | 'undecryptable' | 'rate-limited';

export type DriverEvent =
  | { type: 'qr'; qrcode: string }
  | { type: 'status'; status: ConnectionStatus; number?: string; reason?: string }
  | { type: 'message'; message: InboundMessage }
  | { type: 'ack'; externalId: string; ack: Ack }
  /**
   * The channel gave up delivering one of our messages (`error`: an ERR_ code the web translates;
   * `code`: the channel's own refusal code when it gave one, e.g. WhatsApp's "463").
   */
  | { type: 'failed'; externalId: string; error: string; code?: string }
  /**
   * Something about the session's health worth counting (channels/health): a reconnect and the
   * close reason that caused it, a message the session could not decrypt, a rate limit hit.
   */
  | { type: 'health'; kind: ChannelHealthKind; reason?: string }
  | { type: 'revoke'; externalId: string; chat: ChatAddress }
  | { type: 'edit'; externalId: string; body: string }
  /**
   * Someone put an emoji on a message (`emoji` empty: took their reaction away). `fromMe`: the
   * company's own number (another device of it); otherwise `from` is the customer (or group member).
   * `chat` orders it after the message it is on (the chat's lane).
   */
  | { type: 'reaction'; externalId: string; emoji: string; fromMe: boolean; from: string; chat: ChatAddress }
  | { type: 'call'; callId: string; from: string; isVideo: boolean; timestamp: Date }
  | { type: 'contact'; number: string; name?: string; profilePicUrl?: string; lid?: string }
  /**
   * A part of a channel delivery the product cannot read (a malformed or unknown shape): never
   * stored as a message, set aside in the inbound journal for admins with why (`reason`) and the
   * part as received (`raw`, capped).
   */
  | { type: 'unreadable'; reason: string; raw: string };

export interface OutboundMedia {
  kind: 'image' | 'video' | 'document' | 'audio';
  mimetype: string;
  filename: string;
  data: Buffer;
  caption?: string;
  /** Send audio as a voice note (Ogg/Opus). */
  voiceNote?: boolean;
}

export interface SendOptions {
  quotedExternalId?: string;
  /**
   * Channel message id to use, derived from our message row: a retry after a crash re-sends with
   * the same id, so the channel (and the customer's phone) sees one message, not two.
   */
  messageId?: string;
  /**
   * An approved template to send instead of the text (WhatsApp Cloud API outside the 24-hour
   * window); channels without templates send the rendered text.
   */
  template?: { name: string; language: string; variables: string[] };
}

export interface SentMessage {
  externalId: string;
  timestamp: Date;
  raw?: string;
}

/** Persistent key/value store for the channel's auth state (database-backed, never files). */
export interface AuthStore {
  get(key: string): Promise<string | undefined>;
  set(entries: Record<string, string | null>): Promise<void>;
  clear(): Promise<void>;
}

export interface DriverContext {
  connectionId: number;
  /** Resolves once the event has been persisted and handled (drivers may ignore the promise). */
  emit(event: DriverEvent): void | Promise<void>;
  auth: AuthStore;
  /** Raw payload of a message we stored, by its channel id (Baileys getMessage for retries). */
  getMessage(externalId: string): Promise<string | undefined>;
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** The app's clock: the time of a message the channel gives none for (our own web chat, a send without a time). */
  clock: Clock;
}

/** Raised by a driver when the channel refuses: mapped to spec §8 codes by the caller. */
/**
 * A session could not start for a reason the connection should show (its status reason, a key
 * the web translates), e.g. 'cloud-unreachable'; the session manager tries again later.
 */
export class ChannelStartError extends Error {
  constructor(
    readonly reason: string,
    readonly cause: unknown,
  ) {
    super(`session could not start: ${reason}`);
  }
}

export class ChannelError extends Error {
  constructor(
    readonly code:
      | 'ERR_WAPP_NOT_INITIALIZED'
      | 'ERR_WAPP_INVALID_CONTACT'
      | 'ERR_WAPP_CHECK_CONTACT'
      | 'ERR_SENDING_WAPP_MSG'
      | 'ERR_DELETE_WAPP_MSG'
      | 'ERR_EDIT_WAPP_MSG'
      | 'ERR_REACT_WAPP_MSG'
      | 'ERR_WAPP_DOWNLOAD_MEDIA'
      | 'ERR_FETCH_WAPP_MSG'
      | CloudErrorCode,
    message?: string,
    /** false when trying again cannot help (the channel said so); the outbox then fails the message. */
    readonly retryable?: boolean,
  ) {
    super(message ?? code);
  }
}

export interface ChannelDriver {
  readonly kind: ChannelKind;
  /** Opens the session: emits status OPENING, then qr / CONNECTED. Resolves once started. */
  start(): Promise<void>;
  /** Closes the session, keeping the auth state (reconnects at next start). */
  stop(): Promise<void>;
  /** Ends the pairing on the phone and clears the auth state. */
  logout(): Promise<void>;
  sendText(to: ChatAddress, body: string, options?: SendOptions): Promise<SentMessage>;
  sendMedia(to: ChatAddress, media: OutboundMedia, options?: SendOptions): Promise<SentMessage>;
  deleteForEveryone(to: ChatAddress, externalId: string, fromMe: boolean): Promise<void>;
  markRead(to: ChatAddress, externalIds: string[]): Promise<void>;
  /** The canonical number when it has an account; ChannelError otherwise. */
  checkNumber(number: string): Promise<string>;
  importContacts(): Promise<{ number: string; name: string }[]>;
  rejectCall(callId: string, from: string): Promise<void>;
  /**
   * Puts the company's reaction on a message of the chat (`emoji` empty: takes it away). Only on
   * channels whose CHANNEL_MESSAGE_ACTIONS say react; others leave it out.
   */
  react?(to: ChatAddress, target: { externalId: string; fromMe: boolean; participant?: string }, emoji: string): Promise<void>;
  /** Replaces the text of one of our sent texts (channels whose CHANNEL_MESSAGE_ACTIONS say edit). */
  editText?(to: ChatAddress, externalId: string, body: string): Promise<void>;
  /**
   * Links without a QR code: the channel binds an 8-character code to the phone `number` (digits,
   * country code first), which the person types on that phone. Only while the session waits to
   * be linked; channels that cannot link this way leave it out (channels/linking.ts).
   */
  requestPairingCode?(number: string): Promise<string>;
}

export type DriverFactory = (ctx: DriverContext) => ChannelDriver;
