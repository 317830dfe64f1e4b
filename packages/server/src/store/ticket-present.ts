/** Tickets as every answer and realtime event presents them (batched: one query per relation). */
import type { TicketDTO, TicketStatus } from '@switchboard/shared';
import { eq, inArray } from 'drizzle-orm';
import { readAll, type DbOrTx } from '../db/client.js';
import { contactTags, contacts, queues, tags, tickets, users, whatsapps } from '../db/schema.js';

export type TicketRow = typeof tickets.$inferSelect;

/** Rows the caller already holds, so presenting a batch does not read them again. */
export interface KnownRows {
  contacts?: (typeof contacts.$inferSelect)[];
  whatsapps?: { id: number; name: string }[];
  /** Tags by contact id; a contact without tags maps to []. */
  tags?: Map<number, ContactTag[]>;
}

export interface ContactTag {
  id: number;
  name: string;
  color: string;
}

export async function presentTickets(db: DbOrTx, rows: TicketRow[], known: KnownRows = {}): Promise<TicketDTO[]> {
  if (rows.length === 0) return [];
  const uniq = <T>(xs: (T | null)[]) => [...new Set(xs.filter((x): x is T => x != null))];
  const contactIds = uniq(rows.map((r) => r.contactId));
  const queueIds = uniq(rows.map((r) => r.queueId));
  const userIds = uniq(rows.map((r) => r.userId));
  const whatsappIds = uniq(rows.map((r) => r.whatsappId));
  const knownContacts = known.contacts?.filter((c) => contactIds.includes(c.id));
  const knownWhatsapps = known.whatsapps?.filter((w) => whatsappIds.includes(w.id));
  const [cs, ts, qs, us, ws] = await readAll(db, [
    () =>
      knownContacts?.length === contactIds.length
        ? Promise.resolve(knownContacts)
        : db.select().from(contacts).where(inArray(contacts.id, contactIds)),
    () =>
      contactIds.every((id) => known.tags?.has(id))
        ? Promise.resolve(contactIds.flatMap((contactId) => known.tags!.get(contactId)!.map((t) => ({ contactId, ...t }))))
        : db
            .select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color })
            .from(contactTags)
            .innerJoin(tags, eq(tags.id, contactTags.tagId))
            .where(inArray(contactTags.contactId, contactIds)),
    () =>
      queueIds.length
        ? db.select({ id: queues.id, name: queues.name, color: queues.color }).from(queues).where(inArray(queues.id, queueIds))
        : Promise.resolve([]),
    () =>
      userIds.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)) : Promise.resolve([]),
    () =>
      knownWhatsapps?.length === whatsappIds.length
        ? Promise.resolve(knownWhatsapps)
        : db.select({ id: whatsapps.id, name: whatsapps.name }).from(whatsapps).where(inArray(whatsapps.id, whatsappIds)),
  ] as const);
  const byId = <T extends { id: number }>(xs: T[]) => new Map(xs.map((x) => [x.id, x]));
  const cMap = byId(cs);
  const qMap = byId(qs);
  const uMap = byId(us);
  const wMap = byId(ws);
  return rows.map((r) => {
    const c = cMap.get(r.contactId)!;
    return {
      id: r.id,
      status: r.status as TicketStatus,
      userId: r.userId,
      queueId: r.queueId,
      contactId: r.contactId,
      whatsappId: r.whatsappId,
      lastMessage: r.lastMessage,
      lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
      lastMessageFromMe: r.lastMessageFromMe,
      unreadMessages: r.unreadMessages,
      isGroup: r.isGroup,
      chatbot: r.chatbot,
      isTransfer: r.isTransfer,
      protocol: r.protocol,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      contact: {
        id: c.id,
        name: c.name,
        number: c.number,
        profilePicUrl: c.profilePicUrl,
        isGroup: c.isGroup,
        tags: ts.filter((t) => t.contactId === c.id).map(({ id, name, color }) => ({ id, name, color })),
      },
      queue: r.queueId != null ? (qMap.get(r.queueId) ?? null) : null,
      whatsapp: wMap.get(r.whatsappId) ?? null,
      user: r.userId != null ? (uMap.get(r.userId) ?? null) : null,
    };
  });
}

export async function presentTicketById(db: DbOrTx, id: number): Promise<TicketDTO | null> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  if (!row) return null;
  const [dto] = await presentTickets(db, [row]);
  return dto;
}
