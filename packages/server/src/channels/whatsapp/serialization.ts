/**
 * JSON for baileys data: BufferJSON keeps Buffers/Uint8Arrays intact. Used for the auth state and
 * for the raw message payload we store (InboundMessage.raw / SentMessage.raw), which comes back
 * when WhatsApp asks us to re-send a message or when we quote or delete one.
 */
import { BufferJSON, proto, type WAMessage } from 'baileys';

export function serialize(value: unknown): string {
  return JSON.stringify(value, BufferJSON.replacer);
}

export function deserialize<T>(text: string): T {
  return JSON.parse(text, BufferJSON.reviver) as T;
}

/** A stored raw payload back to the WAMessage it was; undefined when it is not one. */
export function parseStoredMessage(raw: string | undefined): WAMessage | undefined {
  if (!raw) return undefined;
  try {
    const message = deserialize<WAMessage>(raw);
    return message?.key?.id ? message : undefined;
  } catch {
    return undefined;
  }
}

/** The protobuf content of a stored message, as baileys' getMessage must return it. */
export function storedMessageContent(raw: string | undefined): proto.IMessage | undefined {
  const content = parseStoredMessage(raw)?.message;
  return content ? proto.Message.fromObject(content) : undefined;
}
