/**
 * Pure translation of baileys events into our normalized DriverEvents (ARCHITECTURE §5). No socket
 * here: whatever needs one (LID lookups, media download) comes in through MappingContext.
 */
import type { Readable } from 'node:stream';
import {
  downloadMediaMessage,
  normalizeMessageContent,
  proto,
  toNumber,
  type Contact,
  type MessageUserReceiptUpdate,
  type SocketConfig,
  type WACallEvent,
  type WAMessage,
  type WAMessageUpdate,
} from 'baileys';
import { ChannelError, type Ack, type ChatAddress, type DriverEvent, type InboundMessage, type MessageKind } from '../driver.js';
import { serialize } from './serialization.js';
import { isGroupJid, isIgnoredChat, jidUser, resolvePerson, type Person } from './jids.js';

export interface MappingContext {
  /** Our own account JID (creds.me.id): the sender of fromMe messages. */
  selfJid?: string;
  /** Phone-number JID for a LID JID, when known. */
  pnForLid: (lidJid: string) => string | undefined;
  /** Opens a media message's bytes as a stream; may throw anything (wrapped in ChannelError here). */
  downloadMedia(message: WAMessage): Promise<Readable>;
  /** The app's clock: the time of a message or call WhatsApp gives none for. */
  now: () => Date;
}

type Content = proto.IMessage;
type MediaContent =
  | proto.Message.IImageMessage
  | proto.Message.IVideoMessage
  | proto.Message.IAudioMessage
  | proto.Message.IDocumentMessage
  | proto.Message.IStickerMessage;

// ── Addresses ──────────────────────────────────────────────────────────────────────────────────

/** The conversation a message belongs to: the group, or the customer in a one-to-one chat. */
export function chatOf(message: WAMessage, ctx: MappingContext): ChatAddress {
  const { remoteJid, remoteJidAlt } = message.key;
  if (isGroupJid(remoteJid)) return { id: jidUser(remoteJid), isGroup: true };
  const person = resolvePerson(remoteJid!, remoteJidAlt, ctx.pnForLid);
  // A chat WhatsApp addresses by LID (remoteJid "…@lid") is answered at that LID, not the number.
  return person.lid && person.lid !== person.number
    ? { id: person.number, isGroup: false, lid: person.lid }
    : { id: person.number, isGroup: false };
}

/** Who wrote it: us (fromMe), the group member, or the customer. */
export function senderOf(message: WAMessage, ctx: MappingContext): Person {
  const { key } = message;
  if (key.fromMe && ctx.selfJid) return { number: jidUser(ctx.selfJid) };
  if (isGroupJid(key.remoteJid)) return resolvePerson(key.participant ?? '', key.participantAlt, ctx.pnForLid);
  return resolvePerson(key.remoteJid!, key.remoteJidAlt, ctx.pnForLid);
}

// ── Content ────────────────────────────────────────────────────────────────────────────────────

/** Strips ephemeral / view-once / document-with-caption / edited wrappers. */
export function unwrap(content: Content | null | undefined): Content | undefined {
  return normalizeMessageContent(content) ?? undefined;
}

/** The text of plain or extended text, or a media caption (used for bodies and edits). */
export function textOf(content: Content | undefined): string {
  if (!content) return '';
  return (
    content.conversation ??
    content.extendedTextMessage?.text ??
    content.imageMessage?.caption ??
    content.videoMessage?.caption ??
    content.documentMessage?.caption ??
    ''
  );
}

/** The quoted message id, wherever the content type keeps its contextInfo. */
export function quotedIdOf(content: Content): string | undefined {
  for (const value of Object.values(content)) {
    const stanzaId = (value as { contextInfo?: proto.IContextInfo | null } | null)?.contextInfo?.stanzaId;
    if (stanzaId) return stanzaId;
  }
  return undefined;
}

interface MediaFields {
  kind: MessageKind;
  media: MediaContent;
  defaultMimetype: string;
}

function mediaFieldsOf(content: Content): MediaFields | undefined {
  if (content.imageMessage) return { kind: 'image', media: content.imageMessage, defaultMimetype: 'image/jpeg' };
  if (content.videoMessage) return { kind: 'video', media: content.videoMessage, defaultMimetype: 'video/mp4' };
  if (content.audioMessage) return { kind: 'audio', media: content.audioMessage, defaultMimetype: 'audio/ogg; codecs=opus' };
  if (content.documentMessage) return { kind: 'document', media: content.documentMessage, defaultMimetype: 'application/octet-stream' };
  if (content.stickerMessage) return { kind: 'sticker', media: content.stickerMessage, defaultMimetype: 'image/webp' };
  return undefined;
}

function contactCardsOf(content: Content): string | undefined {
  if (content.contactMessage) return content.contactMessage.vcard ?? '';
  const cards = content.contactsArrayMessage?.contacts;
  if (cards) return cards.map((card) => card.vcard ?? '').join('\n');
  return undefined;
}

function locationOf(content: Content): InboundMessage['location'] | undefined {
  const loc = content.locationMessage ?? content.liveLocationMessage;
  if (!loc) return undefined;
  const name = (content.locationMessage ? [content.locationMessage.name, content.locationMessage.address] : []).filter(Boolean).join(', ');
  return { latitude: loc.degreesLatitude ?? 0, longitude: loc.degreesLongitude ?? 0, ...(name ? { name } : {}) };
}

type Body = Pick<InboundMessage, 'kind' | 'body' | 'location'> & { media?: MediaFields };

/** Kind and body of a content, or undefined for what is not a conversation message. */
export function bodyOf(content: Content): Body | undefined {
  if (content.conversation != null || content.extendedTextMessage) return { kind: 'chat', body: textOf(content) };
  const media = mediaFieldsOf(content);
  if (media) return { kind: media.kind, body: textOf(content), media };
  const location = locationOf(content);
  if (location) return { kind: 'location', body: `${location.latitude},${location.longitude}`, location };
  const vcard = contactCardsOf(content);
  if (vcard !== undefined) return { kind: 'vcard', body: vcard };
  return undefined;
}

function timestampOf(message: WAMessage, now: () => Date): Date {
  const seconds = toNumber(message.messageTimestamp);
  return seconds ? new Date(seconds * 1000) : now();
}

function mediaOf(message: WAMessage, fields: MediaFields, ctx: MappingContext): InboundMessage['media'] {
  const filename = (fields.media as proto.Message.IDocumentMessage).fileName ?? undefined;
  return {
    mimetype: fields.media.mimetype || fields.defaultMimetype,
    ...(filename ? { filename } : {}),
    async open() {
      try {
        return await ctx.downloadMedia(message);
      } catch (error) {
        throw new ChannelError('ERR_WAPP_DOWNLOAD_MEDIA', (error as Error)?.message);
      }
    },
  };
}

// ── Messages ───────────────────────────────────────────────────────────────────────────────────

/** What every stored message says of itself: its id, chat, sender, direction and time. */
function messageHead(message: WAMessage, externalId: string, ctx: MappingContext) {
  const sender = senderOf(message, ctx);
  return {
    externalId,
    chat: chatOf(message, ctx),
    sender: { ...sender, ...(message.pushName ? { name: message.pushName } : {}) },
    fromMe: !!message.key.fromMe,
    timestamp: timestampOf(message, ctx.now),
  } satisfies Partial<InboundMessage>;
}

/** A conversation message → InboundMessage; undefined for anything else (reactions, stubs, …). */
export function mapInboundMessage(message: WAMessage, ctx: MappingContext): InboundMessage | undefined {
  const { key } = message;
  if (!key.id || isIgnoredChat(key.remoteJid)) return undefined;
  const content = unwrap(message.message);
  if (!content) return undefined;
  const body = bodyOf(content);
  if (!body) return undefined;
  const quotedExternalId = quotedIdOf(content);
  return {
    ...messageHead(message, key.id, ctx),
    kind: body.kind,
    body: body.body,
    ...(quotedExternalId ? { quotedExternalId } : {}),
    ...(body.media ? { media: mediaOf(message, body.media, ctx) } : {}),
    ...(body.location ? { location: body.location } : {}),
    raw: serialize(message),
  };
}

/**
 * A message baileys could not decrypt (Bad MAC, no session): it asks the sender's phone to send it
 * again and upserts a stub with `messageStubType: CIPHERTEXT` and no content
 * (Socket/messages-recv.js:1296-1380). Our own other devices' peer messages are not retried there.
 */
export function isUndecryptable(message: WAMessage): boolean {
  return message.messageStubType === proto.WebMessageInfo.StubType.CIPHERTEXT && !message.message && message.category !== 'peer';
}

/** The stub → a placeholder in the chat, which the phone's resend (same id) replaces. */
export function mapUndecryptable(message: WAMessage, ctx: MappingContext): InboundMessage | undefined {
  const { key } = message;
  if (!key.id || isIgnoredChat(key.remoteJid) || !key.remoteJid) return undefined;
  return {
    ...messageHead(message, key.id, ctx),
    kind: 'chat',
    body: '',
    awaitingResend: true,
  };
}

/** Delete-for-everyone and edits travel as protocol messages pointing at the original id. */
export function mapProtocolMessage(message: WAMessage, ctx: MappingContext): DriverEvent | undefined {
  const protocol = unwrap(message.message)?.protocolMessage;
  const targetId = protocol?.key?.id;
  if (!protocol || !targetId) return undefined;
  if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE) {
    return { type: 'revoke', externalId: targetId, chat: chatOf(message, ctx) };
  }
  if (protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
    return { type: 'edit', externalId: targetId, body: textOf(unwrap(protocol.editedMessage)) };
  }
  return undefined;
}

/**
 * A reaction travels as its own message (reactionMessage) naming the message it is on; empty text
 * takes the reactor's reaction away (Utils/process-message.js emits it as messages.reaction too).
 */
export function mapReaction(message: WAMessage, ctx: MappingContext): DriverEvent | undefined {
  const reaction = unwrap(message.message)?.reactionMessage;
  const targetId = reaction?.key?.id;
  if (!reaction || !targetId) return undefined;
  return {
    type: 'reaction',
    externalId: targetId,
    emoji: reaction.text ?? '',
    fromMe: !!message.key.fromMe,
    from: senderOf(message, ctx).number,
    chat: chatOf(message, ctx),
  };
}

/** One `messages.upsert` entry → the event it stands for (message, revoke, edit or reaction), if any. */
export function mapUpsertedMessage(message: WAMessage, ctx: MappingContext): DriverEvent | undefined {
  if (isIgnoredChat(message.key.remoteJid)) return undefined;
  if (isUndecryptable(message)) {
    const placeholder = mapUndecryptable(message, ctx);
    return placeholder ? { type: 'message', message: placeholder } : undefined;
  }
  const protocolEvent = mapProtocolMessage(message, ctx) ?? mapReaction(message, ctx);
  if (protocolEvent) return protocolEvent;
  const inbound = mapInboundMessage(message, ctx);
  return inbound ? { type: 'message', message: inbound } : undefined;
}

// ── Acks ───────────────────────────────────────────────────────────────────────────────────────

const Status = proto.WebMessageInfo.Status;

/**
 * Baileys' message status → our ack (0 clock, 1 sent, 2 delivered, 3 read, 4 played).
 * ERROR has no place on that scale: it yields no ack (the message keeps its last one) rather than
 * moving it back to the clock; send failures reach the outbox as ERR_SENDING_WAPP_MSG.
 */
export function ackFromStatus(status: number | null | undefined): Ack | undefined {
  switch (status) {
    case Status.PENDING:
      return 0;
    case Status.SERVER_ACK:
      return 1;
    case Status.DELIVERY_ACK:
      return 2;
    case Status.READ:
      return 3;
    case Status.PLAYED:
      return 4;
    default:
      return undefined;
  }
}

/** Status changes of our own messages (one-to-one chats) → ack. */
export function mapMessageUpdate({ key, update }: WAMessageUpdate): DriverEvent | undefined {
  if (!key.fromMe || !key.id || isIgnoredChat(key.remoteJid)) return undefined;
  // WhatsApp refused the send: baileys turns `ack error="463"` (479, …) into status ERROR with the
  // code as the first stub parameter (Socket/messages-recv.js:1494-1566 handleBadAck).
  if (update.status === Status.ERROR) {
    // The proto types stub parameters as any[]: only a string or number is a code.
    const first: unknown = (update.messageStubParameters as unknown[] | null | undefined)?.[0];
    const code = typeof first === 'string' || typeof first === 'number' ? String(first) : '';
    return { type: 'failed', externalId: key.id, error: 'ERR_WAPP_SEND_REFUSED', ...(code ? { code } : {}) };
  }
  const ack = ackFromStatus(update.status);
  return ack === undefined ? undefined : { type: 'ack', externalId: key.id, ack };
}

/** Per-member receipts of our group messages → the furthest ack that member reached. */
export function mapReceipt({ key, receipt }: MessageUserReceiptUpdate): DriverEvent | undefined {
  if (!key.fromMe || !key.id || isIgnoredChat(key.remoteJid)) return undefined;
  const ack: Ack | undefined = receipt.playedTimestamp ? 4 : receipt.readTimestamp ? 3 : receipt.receiptTimestamp ? 2 : undefined;
  return ack === undefined ? undefined : { type: 'ack', externalId: key.id, ack };
}

// ── Calls and contacts ─────────────────────────────────────────────────────────────────────────

/** An incoming call offer → call event; later states of the same call (ringing, end…) are noise. */
export function mapCall(call: WACallEvent, ctx: Pick<MappingContext, 'pnForLid' | 'now'>): DriverEvent | undefined {
  if (call.status !== 'offer' || call.isGroup) return undefined;
  const caller = resolvePerson(call.from, call.callerPn, ctx.pnForLid);
  return {
    type: 'call',
    callId: call.id,
    from: caller.number,
    isVideo: !!call.isVideo,
    timestamp: call.date instanceof Date ? call.date : call.date != null ? new Date(call.date) : ctx.now(),
  };
}

/** What a contact update tells us; the saved (address book) name wins over the chosen one. */
export interface ContactFacts extends Person {
  /** As saved in the company phone's address book. */
  savedName?: string;
  /** As the person named themselves (push name / business name). */
  pushName?: string;
  profilePicUrl?: string;
}

/** A contact as baileys reports it → facts about a person, when it is a person at all. */
export function contactFacts(contact: Partial<Contact>, ctx: Pick<MappingContext, 'pnForLid'>): ContactFacts | undefined {
  const id = contact.id;
  if (!id || isGroupJid(id) || isIgnoredChat(id)) return undefined;
  const person = resolvePerson(id, contact.phoneNumber ?? contact.lid, ctx.pnForLid);
  if (!person.number) return undefined;
  const lid = person.lid ?? contact.lid;
  const pushName = contact.notify || contact.verifiedName;
  // imgUrl 'changed' means "fetch it" (left to the driver); null means no picture.
  const picture = contact.imgUrl && contact.imgUrl !== 'changed' ? contact.imgUrl : undefined;
  return {
    number: person.number,
    ...(lid ? { lid } : {}),
    ...(contact.name ? { savedName: contact.name } : {}),
    ...(pushName ? { pushName } : {}),
    ...(picture ? { profilePicUrl: picture } : {}),
  };
}

export type ContactEvent = Extract<DriverEvent, { type: 'contact' }>;

export function contactEvent(facts: ContactFacts): ContactEvent {
  const name = facts.savedName ?? facts.pushName;
  return {
    type: 'contact',
    number: facts.number,
    ...(name ? { name } : {}),
    ...(facts.profilePicUrl ? { profilePicUrl: facts.profilePicUrl } : {}),
    ...(facts.lid ? { lid: facts.lid } : {}),
  };
}

/** A contact update on its own → contact event. */
export function mapContact(contact: Partial<Contact>, ctx: Pick<MappingContext, 'pnForLid'>): ContactEvent | undefined {
  const facts = contactFacts(contact, ctx);
  return facts ? contactEvent(facts) : undefined;
}

// ── Media download ─────────────────────────────────────────────────────────────────────────────

export interface MediaDownloadDeps {
  /** Asks the phone to re-upload media whose link expired (sock.updateMediaMessage). */
  reuploadRequest(message: WAMessage): Promise<WAMessage>;
  logger: SocketConfig['logger'];
}

/** What WhatsApp's media hosts answer for media past its lifetime (baileys Utils/messages.js:829). */
const EXPIRED_MEDIA_STATUSES = [404, 410];

/**
 * downloadMediaMessage as a stream: WhatsApp documents reach 2 GB, so the bytes go to the media
 * store as they are decrypted, never whole in memory. Expired media (404/410) is asked of the
 * phone again once, then downloaded from its new path. baileys rc14 would do this itself but its
 * check reads `error.status` while its HTTP helper throws a Boom carrying `output.statusCode`
 * (Utils/messages.js:833-845 vs Utils/messages-media.js:304), so it never does; it is given no
 * re-upload hook here so that a fixed baileys cannot ask twice.
 */
export function createMediaDownloader(deps: MediaDownloadDeps): MappingContext['downloadMedia'] {
  return async (message) => {
    try {
      return await downloadMediaMessage(message, 'stream', {});
    } catch (error) {
      if (!EXPIRED_MEDIA_STATUSES.includes(httpStatusOf(error) ?? 0)) throw error;
      deps.logger.info({ key: message.key }, 'media link expired; asking the phone to upload it again');
      return downloadMediaMessage(await deps.reuploadRequest(message), 'stream', {});
    }
  };
}

/** The HTTP status of a failed download: baileys' Boom keeps it in output.statusCode. */
function httpStatusOf(error: unknown): number | undefined {
  const e = error as { output?: { statusCode?: unknown }; status?: unknown } | undefined;
  const status = e?.output?.statusCode ?? e?.status;
  return typeof status === 'number' ? status : undefined;
}
