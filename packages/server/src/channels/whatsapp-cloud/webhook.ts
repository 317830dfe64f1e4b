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
const MEDIA_KINDS: Record<string, MessageKind> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  document: 'document',
  sticker: 'sticker',
};

/** A part of a delivery that could not be read: why, and the part itself (JSON). */
export interface UnreadablePart {
  reason: string;
  raw: string;
}

/** Longest text taken from a delivery (Meta's own limit for a text message is 4,096 characters). */
const MAX_TEXT = 65_536;
/** A phone number (wa_id) has at most 15 digits; some room for formatting. */
const MAX_NUMBER_LENGTH = 32;
const MAX_ID_LENGTH = 512;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown, max = MAX_TEXT): v is string => typeof v === 'string' && v.length <= max;
const optionalText = (v: unknown, max = MAX_TEXT) => v === undefined || isText(v, max);
/** An id: non-empty text without control characters (a NUL cannot even be stored). */
const isId = (v: unknown): v is string => isText(v, MAX_ID_LENGTH) && v.length > 0 && ![...v].some((ch) => ch.charCodeAt(0) < 0x20);
const optionalId = (v: unknown) => v === undefined || v === null || isId(v);
const rawOf = (part: unknown) => {
  try {
    return JSON.stringify(part) ?? String(part);
  } catch {
    return String(part);
  }
};

/**
 * The events of a payload for one phone number (changes addressed to other numbers of the same
 * business account belong to other connections and are left out), and the parts that cannot be
 * read. A delivery is Meta's, proven by its signature, yet any part of it may have a shape this
 * code does not know (a missing or mistyped field, a new message type, an absurd value): such a
 * part is returned as unreadable — never an exception that would fail the whole delivery and
 * have Meta send it again and again. Reactions (and their removal) are reaction events; statuses
 * we do not track are no events, and not unreadable either.
 */
export function readDelivery(
  payload: unknown,
  phoneNumberId: string,
  openMedia: MediaOpener,
): { events: DriverEvent[]; unreadable: UnreadablePart[] } {
  const events: DriverEvent[] = [];
  const unreadable: UnreadablePart[] = [];
  const setAside = (reason: string, part: unknown) => unreadable.push({ reason, raw: rawOf(part) });
  if (!isObject(payload)) {
    setAside('the delivery is not a JSON object', payload);
    return { events, unreadable };
  }
  if (payload.object !== 'whatsapp_business_account') return { events, unreadable };
  if (payload.entry !== undefined && !Array.isArray(payload.entry)) {
    setAside('entry is not a list', payload.entry);
    return { events, unreadable };
  }
  for (const entry of (payload.entry ?? []) as unknown[]) {
    if (!isObject(entry) || (entry.changes !== undefined && !Array.isArray(entry.changes))) {
      setAside('an entry is not an object with a list of changes', entry);
      continue;
    }
    for (const change of (entry.changes ?? []) as unknown[]) {
      if (!isObject(change)) {
        setAside('a change is not an object', change);
        continue;
      }
      if (change.field !== 'messages') continue;
      const value = change.value;
      if (!isObject(value)) {
        setAside('a change has no value object', change);
        continue;
      }
      if (!isObject(value.metadata) || value.metadata.phone_number_id !== phoneNumberId) continue;
      const names = new Map<string, string | undefined>();
      if (Array.isArray(value.contacts)) {
        for (const c of value.contacts as unknown[]) {
          if (isObject(c) && typeof c.wa_id === 'string')
            names.set(c.wa_id, isObject(c.profile) && isText(c.profile.name, 256) ? c.profile.name : undefined);
        }
      }
      for (const [list, what] of [
        [value.messages, 'messages'],
        [value.statuses, 'statuses'],
      ] as const) {
        if (list !== undefined && list !== null && !Array.isArray(list)) setAside(`${what} is not a list`, list);
      }
      for (const m of Array.isArray(value.messages) ? (value.messages as unknown[]) : []) {
        const problem = messageProblem(m);
        if (problem) {
          setAside(problem, m);
          continue;
        }
        const cm = m as CloudWebhookMessage;
        if (cm.type === 'reaction' && cm.reaction) {
          // A reaction is on a message of the chat; a removed one comes without an emoji.
          const from = cm.from.replace(/\D/g, '');
          events.push({
            type: 'reaction',
            externalId: cm.reaction.message_id,
            emoji: cm.reaction.emoji ?? '',
            fromMe: false,
            from,
            chat: { id: from, isGroup: false },
          });
          continue;
        }
        const message = messageOf(cm, names.get(cm.from), openMedia);
        if (message) events.push({ type: 'message', message });
      }
      for (const st of Array.isArray(value.statuses) ? (value.statuses as unknown[]) : []) {
        if (!isObject(st) || !isId(st.id) || typeof st.status !== 'string') {
          setAside('a status without an id or a status', st);
          continue;
        }
        const ack = ACKS[st.status];
        if (ack !== undefined) events.push({ type: 'ack', externalId: st.id, ack });
        else if (st.status === 'failed') {
          const first: unknown = Array.isArray(st.errors) ? st.errors[0] : undefined;
          const code = isObject(first) && typeof first.code === 'number' ? first.code : undefined;
          events.push({ type: 'failed', externalId: st.id, error: classifyGraphError(code).code });
        }
      }
    }
  }
  return { events, unreadable };
}

/** The events of a payload for one phone number; parts that cannot be read are left out. */
export function eventsOf(payload: CloudWebhookPayload, phoneNumberId: string, openMedia: MediaOpener): DriverEvent[] {
  return readDelivery(payload, phoneNumberId, openMedia).events;
}

const KNOWN_TYPES = new Set(['text', 'location', 'contacts', 'interactive', 'button', 'reaction', ...Object.keys(MEDIA_KINDS)]);
const LATEST_TIMESTAMP_AHEAD_S = 24 * 3600;

/** Why a message of a delivery cannot be read, or null when it can. */
function messageProblem(m: unknown): string | null {
  if (!isObject(m)) return 'a message is not an object';
  if (!isText(m.from, MAX_NUMBER_LENGTH) || !/\d/.test(m.from)) return 'a message without a valid sender (from)';
  if (!isId(m.id)) return 'a message without an id';
  const seconds =
    typeof m.timestamp === 'string' && /^\d{1,12}$/.test(m.timestamp)
      ? Number(m.timestamp)
      : typeof m.timestamp === 'number'
        ? m.timestamp
        : NaN;
  // Against real time, not the app's clock: the timestamp was written by Meta's clock.
  if (!Number.isInteger(seconds) || seconds <= 0 || seconds > Date.now() / 1000 + LATEST_TIMESTAMP_AHEAD_S)
    return 'a message with an invalid timestamp';
  if (typeof m.type !== 'string') return 'a message without a type';
  if (!KNOWN_TYPES.has(m.type)) return `a message of a type this version does not read (${m.type.slice(0, 64)})`;
  if (m.context !== undefined && m.context !== null && (!isObject(m.context) || !optionalId(m.context.id)))
    return 'a message with an invalid context';
  const part = m[m.type];
  if (MEDIA_KINDS[m.type]) {
    if (!isObject(part) || !isId(part.id)) return `a ${m.type} message without a media id`;
    if (!optionalText(part.mime_type, 256) || !optionalText(part.caption) || !optionalText(part.filename, 1024))
      return `a ${m.type} message with invalid fields`;
    return null;
  }
  switch (m.type) {
    case 'text':
      return isObject(part) && isText(part.body) ? null : 'a text message without a text body';
    case 'location': {
      if (!isObject(part)) return 'a location message without a location';
      const { latitude, longitude } = part;
      const valid = typeof latitude === 'number' && typeof longitude === 'number' && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
      return valid && optionalText(part.name, 1024) && optionalText(part.address, 1024)
        ? null
        : 'a location message with invalid coordinates';
    }
    case 'contacts':
      return Array.isArray(m.contacts) && m.contacts.length <= 257 && (m.contacts as unknown[]).every(isReadableCard)
        ? null
        : 'a contacts message with invalid cards';
    case 'interactive': {
      if (!isObject(part)) return 'an interactive message without its reply';
      const reply = part.button_reply ?? part.list_reply;
      return reply === undefined || (isObject(reply) && isText(reply.title, 1024)) ? null : 'an interactive reply without a title';
    }
    case 'button':
      return isObject(part) && isText(part.text, 1024) ? null : 'a button message without its text';
    case 'reaction':
      return isObject(part) && isId(part.message_id) && optionalText(part.emoji, 64) ? null : 'a reaction without the message it is on';
    default:
      return null;
  }
}

function isReadableCard(c: unknown): boolean {
  if (!isObject(c)) return false;
  if (c.name !== undefined && !isObject(c.name)) return false;
  if (
    isObject(c.name) &&
    !['formatted_name', 'first_name', 'last_name'].every((k) => optionalText((c.name as Record<string, unknown>)[k], 1024))
  )
    return false;
  for (const key of ['phones', 'emails'] as const) {
    const list = c[key];
    if (
      list !== undefined &&
      (!Array.isArray(list) ||
        list.length > 100 ||
        !(list as unknown[]).every((x) => isObject(x) && Object.values(x).every((v) => v === undefined || isText(v, 1024))))
    )
      return false;
  }
  return c.org === undefined || (isObject(c.org) && optionalText(c.org.company, 1024));
}

function messageOf(m: CloudWebhookMessage, name: string | undefined, openMedia: MediaOpener): InboundMessage | null {
  const from = m.from.replace(/\D/g, '');
  const base = {
    externalId: m.id,
    chat: { id: from, isGroup: false },
    sender: { number: from, name },
    fromMe: false,
    timestamp: new Date(Number(m.timestamp) * 1000),
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
