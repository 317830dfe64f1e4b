/**
 * Text from a channel is whatever the sender's phone put there; the database cannot hold a NUL
 * byte (U+0000) nor an unpaired surrogate. Such characters are removed (NUL) or replaced (U+FFFD)
 * before storing, so the message is kept instead of failing on every attempt.
 */
import type { DriverEvent, InboundMessage } from './driver.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function cleanText(text: string): string;
export function cleanText(text: string | undefined): string | undefined;
export function cleanText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

export function cleanInboundMessage(msg: InboundMessage): InboundMessage {
  return {
    ...msg,
    externalId: cleanText(msg.externalId),
    chat: { ...msg.chat, id: cleanText(msg.chat.id) },
    sender: { number: cleanText(msg.sender.number), name: cleanText(msg.sender.name), lid: cleanText(msg.sender.lid) },
    body: cleanText(msg.body),
    quotedExternalId: cleanText(msg.quotedExternalId),
    media: msg.media ? { ...msg.media, mimetype: cleanText(msg.media.mimetype), filename: cleanText(msg.media.filename) } : undefined,
    location: msg.location ? { ...msg.location, name: cleanText(msg.location.name) } : undefined,
    raw: cleanText(msg.raw),
  };
}

/** The same event with its texts storable. */
export function cleanDriverEvent(event: DriverEvent): DriverEvent {
  switch (event.type) {
    case 'message':
      return { ...event, message: cleanInboundMessage(event.message) };
    case 'edit':
      return { ...event, externalId: cleanText(event.externalId), body: cleanText(event.body) };
    case 'reaction':
      return {
        ...event,
        externalId: cleanText(event.externalId),
        emoji: cleanText(event.emoji),
        from: cleanText(event.from),
        chat: { ...event.chat, id: cleanText(event.chat.id) },
      };
    case 'revoke':
      return { ...event, externalId: cleanText(event.externalId), chat: { ...event.chat, id: cleanText(event.chat.id) } };
    case 'ack':
      return { ...event, externalId: cleanText(event.externalId) };
    case 'contact':
      return {
        ...event,
        number: cleanText(event.number),
        name: cleanText(event.name),
        lid: cleanText(event.lid),
        profilePicUrl: cleanText(event.profilePicUrl),
      };
    case 'call':
      return { ...event, callId: cleanText(event.callId), from: cleanText(event.from) };
    default:
      return event;
  }
}
