/**
 * Meta's webhook for the Cloud API: the signature check over the raw body, and the "messages"
 * field's payload turned into the product's channel events (messages of every kind, statuses as
 * acks or failures).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Ack, DriverEvent, InboundMessage, MessageKind } from '../driver.js';
import { classifyGraphError, type GraphErrorBody } from './graph-errors.js';

/** Whether `header` ("sha256=<hex>") is the HMAC-SHA256 of the raw body with the app secret. */
export function validSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function signatureOf(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

interface MediaObject {
  id: string;
  mime_type?: string;
  caption?: string;
  filename?: string;
  voice?: boolean;
}

interface CloudContactCard {
  name?: { formatted_name?: string; first_name?: string; last_name?: string };
  phones?: { phone?: string; wa_id?: string; type?: string }[];
  emails?: { email?: string; type?: string }[];
  org?: { company?: string };
}

export interface CloudWebhookMessage {
  from: string;
  id: string;
  timestamp: string;
  type: string;
  context?: { from?: string; id?: string };
  text?: { body: string };
  image?: MediaObject;
  video?: MediaObject;
  audio?: MediaObject;
  document?: MediaObject;
  sticker?: MediaObject;
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  contacts?: CloudContactCard[];
  interactive?: {
    type: string;
    button_reply?: { id: string; title: string };
    list_reply?: { id: string; title: string; description?: string };
  };
  button?: { text: string; payload?: string };
  reaction?: { message_id: string; emoji?: string };
}

export interface CloudWebhookStatus {
  id: string;
  /** sent, delivered, read or failed (others, e.g. "deleted", are skipped). */
  status: string;
  timestamp: string;
  recipient_id: string;
  errors?: GraphErrorBody[];
}

export interface CloudWebhookPayload {
  object: string;
  entry?: {
    id: string;
    changes?: {
      field: string;
      value: {
        messaging_product?: string;
        metadata?: { display_phone_number?: string; phone_number_id?: string };
        contacts?: { profile?: { name?: string }; wa_id: string }[];
        messages?: CloudWebhookMessage[];
        statuses?: CloudWebhookStatus[];
      };
    }[];
  }[];
}

/** Opens the bytes of a received media by its id (Graph API media endpoints). */
export type MediaOpener = (mediaId: string) => Promise<Readable>;

const ACKS: Record<string, Ack> = { sent: 1, delivered: 2, read: 3 };
const MEDIA_KINDS: Record<string, MessageKind> = { image: 'image', video: 'video', audio: 'audio', document: 'document', sticker: 'sticker' };

/**
 * The events of a payload for one phone number (changes addressed to other numbers of the same
 * business account belong to other connections and are left out). Unknown kinds are skipped.
 */
export function eventsOf(payload: CloudWebhookPayload, phoneNumberId: string, openMedia: MediaOpener): DriverEvent[] {
  const events: DriverEvent[] = [];
  if (payload.object !== 'whatsapp_business_account') return events;
  for (const entry of payload.entry ?? []) {
    for (const change of entry.changes ?? []) {
      if (change.field !== 'messages') continue;
      const value = change.value;
      if (value.metadata?.phone_number_id !== phoneNumberId) continue;
      const names = new Map((value.contacts ?? []).map((c) => [c.wa_id, c.profile?.name]));
      for (const m of value.messages ?? []) {
        const message = messageOf(m, names.get(m.from), openMedia);
        if (message) events.push({ type: 'message', message });
      }
      for (const s of value.statuses ?? []) {
        const ack = ACKS[s.status];
        if (ack !== undefined) events.push({ type: 'ack', externalId: s.id, ack });
        else if (s.status === 'failed') {
          events.push({ type: 'failed', externalId: s.id, error: classifyGraphError(s.errors?.[0]?.code).code });
        }
      }
    }
  }
  return events;
}

function messageOf(m: CloudWebhookMessage, name: string | undefined, openMedia: MediaOpener): InboundMessage | null {
  const from = m.from.replace(/\D/g, '');
  const base = {
    externalId: m.id,
    chat: { id: from, isGroup: false },
    sender: { number: from, name },
    fromMe: false,
    timestamp: new Date(Number(m.timestamp) * 1000 || Date.now()),
    quotedExternalId: m.context?.id,
    raw: JSON.stringify(m),
  };
  const mediaKind = MEDIA_KINDS[m.type];
  if (mediaKind) {
    const media = m[m.type as 'image'];
    if (!media?.id) return null;
    const mimetype = (media.mime_type ?? 'application/octet-stream').split(';')[0].trim();
    return {
      ...base,
      kind: mediaKind,
      body: media.caption ?? '',
      media: { mimetype, filename: media.filename, open: () => openMedia(media.id) },
    };
  }
  switch (m.type) {
    case 'text':
      return { ...base, kind: 'chat', body: m.text?.body ?? '' };
    case 'location': {
      const l = m.location;
      if (!l) return null;
      const label = [l.name, l.address].filter(Boolean).join(' — ');
      return {
        ...base,
        kind: 'location',
        body: `${l.latitude},${l.longitude}${label ? ` ${label}` : ''}`,
        location: { latitude: l.latitude, longitude: l.longitude, name: l.name },
      };
    }
    case 'contacts':
      return { ...base, kind: 'vcard', body: (m.contacts ?? []).map(vcardOf).join('\n') };
    case 'interactive': {
      // The customer tapped a reply button or a list row: their answer is its title.
      const reply = m.interactive?.button_reply ?? m.interactive?.list_reply;
      return reply ? { ...base, kind: 'chat', body: reply.title } : null;
    }
    case 'button':
      // A quick-reply button of a template.
      return m.button ? { ...base, kind: 'chat', body: m.button.text } : null;
    case 'reaction':
      // A reaction reads as the emoji replying to the message it is on; a removed reaction has none.
      if (!m.reaction?.emoji) return null;
      return { ...base, kind: 'chat', body: m.reaction.emoji, quotedExternalId: m.reaction.message_id };
    default:
      return null;
  }
}

/** A Cloud API contact card as the vCard the chat renders. */
function vcardOf(c: CloudContactCard): string {
  const fn = c.name?.formatted_name ?? [c.name?.first_name, c.name?.last_name].filter(Boolean).join(' ');
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${fn}`];
  if (c.org?.company) lines.push(`ORG:${c.org.company}`);
  for (const p of c.phones ?? []) {
    const waid = p.wa_id ? `;waid=${p.wa_id}` : '';
    lines.push(`TEL;type=${p.type ?? 'CELL'}${waid}:${p.phone ?? p.wa_id ?? ''}`);
  }
  for (const e of c.emails ?? []) if (e.email) lines.push(`EMAIL;type=${e.type ?? 'INTERNET'}:${e.email}`);
  lines.push('END:VCARD');
  return lines.join('\n');
}
