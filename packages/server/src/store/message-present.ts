/** Messages as answers and realtime events present them. */
import type { MessageDTO, MessageMediaType } from '@switchboard/shared';
import { inArray } from 'drizzle-orm';
import { readAll, type DbOrTx } from '../db/client.js';
import { contacts, messages, users } from '../db/schema.js';
import type { MediaLinks } from '../lib/media-links.js';
import { reactionsAndOriginals } from './message-reactions.js';

export type MessageRow = typeof messages.$inferSelect;

/** last_error of a received message the channel could not decrypt yet (messaging/placeholder.ts). */
export const AWAITING_RESEND = 'ERR_WAPP_AWAITING_RESEND';

export function isPlaceholder(row: Pick<MessageRow, 'lastError' | 'sendState'>): boolean {
  return row.lastError === AWAITING_RESEND && row.sendState === 'received';
}

/** A received message whose media was not kept says why (ERR_MEDIA_TOO_LARGE, ERR_WAPP_DOWNLOAD_MEDIA). */
function mediaErrorOf(r: MessageRow): MessageDTO['mediaError'] {
  if (r.mediaPath || r.sendState !== 'received') return null;
  return r.lastError === 'ERR_MEDIA_TOO_LARGE' || r.lastError === 'ERR_WAPP_DOWNLOAD_MEDIA' ? r.lastError : null;
}

/** `links` signs each media link (lib/media-links.ts): the file is shown by `<img src>`, no token. */
const NOTHING_YET = { reactions: new Map<string, { emoji: string; fromMe: boolean }[]>(), originals: new Map<string, string>() };

export async function presentMessages(
  links: MediaLinks,
  db: DbOrTx,
  rows: MessageRow[],
  known: {
    contacts?: { id: number; name: string; number: string }[];
    /** The rows were inserted just now: nobody can have reacted to them yet, nor edited them. */
    justInserted?: boolean;
  } = {},
): Promise<MessageDTO[]> {
  if (rows.length === 0) return [];
  const quotedIds = [...new Set(rows.map((r) => r.quotedMsgId).filter((v): v is string => !!v))];
  const contactIds = [...new Set(rows.map((r) => r.contactId).filter((v): v is number => v != null))];
  const knownContacts = known.contacts?.filter((c) => contactIds.includes(c.id));
  const authorIds = [...new Set(rows.filter((r) => r.isPrivate && r.userId != null).map((r) => r.userId!))];
  const [quoted, cs, authors, extras] = await readAll(db, [
    () => (quotedIds.length ? db.select().from(messages).where(inArray(messages.id, quotedIds)) : Promise.resolve([])),
    () =>
      !contactIds.length || knownContacts?.length === contactIds.length
        ? Promise.resolve(knownContacts ?? [])
        : db
            .select({ id: contacts.id, name: contacts.name, number: contacts.number })
            .from(contacts)
            .where(inArray(contacts.id, contactIds)),
    () =>
      authorIds.length
        ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, authorIds))
        : Promise.resolve([]),
    () => (known.justInserted ? Promise.resolve(NOTHING_YET) : reactionsAndOriginals(db, rows)),
  ] as const);
  const authorMap = new Map(authors.map((u) => [u.id, u.name]));
  const qMap = new Map(quoted.map((q) => [q.id, q]));
  const cMap = new Map(cs.map((c) => [c.id, c]));
  return rows.map((r) => {
    const q = r.quotedMsgId ? qMap.get(r.quotedMsgId) : undefined;
    return {
      id: r.id,
      ticketId: r.ticketId,
      body: r.body,
      fromMe: r.fromMe,
      read: r.read,
      mediaType: r.mediaType as MessageMediaType,
      mediaUrl: links.linkTo(r),
      mediaName: r.mediaName,
      mediaMime: r.mediaMime,
      mediaError: mediaErrorOf(r),
      quotedMsg: q
        ? { id: q.id, body: q.body, fromMe: q.fromMe, mediaType: q.mediaType as MessageMediaType, isDeleted: q.isDeleted }
        : null,
      isDeleted: r.isDeleted,
      isEdited: r.isEdited,
      originalBody: r.isEdited ? (extras.originals.get(r.id) ?? null) : null,
      reactions: extras.reactions.get(r.id) ?? [],
      ack: r.ack,
      sendState: r.sendState as MessageDTO['sendState'],
      sendError: r.sendState === 'failed' ? r.lastError : null,
      ...(isPlaceholder(r) ? { awaitingResend: true as const } : {}),
      sendErrorCode: r.sendState === 'failed' ? r.failureCode : null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      contact: r.contactId != null ? (cMap.get(r.contactId) ?? null) : null,
      userId: r.userId,
      isPrivate: r.isPrivate,
      authorName: r.isPrivate && r.userId != null ? (authorMap.get(r.userId) ?? null) : null,
    };
  });
}
