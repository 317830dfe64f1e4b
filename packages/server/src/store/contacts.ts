/** Reads of contacts with their extra info, tags and tickets' facts, batched (three queries for any page size). */
import type { ContactDTO, ContactTicketFacts, TagRef } from '@switchboard/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { readAll, type DbOrTx } from '../db/client.js';
import { contactExtraInfo, contactTags, contacts, tags, tickets } from '../db/schema.js';
import { presentContact } from './contact-present.js';

export type ContactRow = typeof contacts.$inferSelect;

export async function presentContacts(db: DbOrTx, rows: ContactRow[]): Promise<ContactDTO[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [extra, tagRows, ticketRows] = await readAll(db, [
    () => db.select().from(contactExtraInfo).where(inArray(contactExtraInfo.contactId, ids)).orderBy(asc(contactExtraInfo.id)),
    () =>
      db
        .select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color })
        .from(contactTags)
        .innerJoin(tags, eq(tags.id, contactTags.tagId))
        .where(inArray(contactTags.contactId, ids))
        .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id)),
    () => contactTicketFacts(db, ids),
  ] as const);
  const extraBy = new Map<number, ContactDTO['extraInfo']>();
  for (const e of extra) {
    const list = extraBy.get(e.contactId) ?? [];
    list.push({ id: e.id, name: e.name, value: e.value });
    extraBy.set(e.contactId, list);
  }
  const tagsBy = new Map<number, TagRef[]>();
  for (const t of tagRows) {
    const list = tagsBy.get(t.contactId) ?? [];
    list.push({ id: t.id, name: t.name, color: t.color });
    tagsBy.set(t.contactId, list);
  }
  return rows.map((r) =>
    presentContact(r, { extraInfo: extraBy.get(r.id) ?? [], tags: tagsBy.get(r.id) ?? [], tickets: ticketRows.get(r.id) ?? [] }),
  );
}

/** Each contact's tickets as the shared number rule (canChangeContactNumber) reads them. */
export async function contactTicketFacts(db: DbOrTx, contactIds: number[]): Promise<Map<number, ContactTicketFacts[]>> {
  const rows = await db
    .select({ contactId: tickets.contactId, userId: tickets.userId, queueId: tickets.queueId, status: tickets.status })
    .from(tickets)
    .where(inArray(tickets.contactId, contactIds))
    .orderBy(asc(tickets.id));
  const byContact = new Map<number, ContactTicketFacts[]>();
  for (const t of rows) {
    const list = byContact.get(t.contactId) ?? [];
    list.push({ userId: t.userId, queueId: t.queueId, active: t.status === 'open' || t.status === 'pending' });
    byContact.set(t.contactId, list);
  }
  return byContact;
}

export async function findContactRow(db: DbOrTx, id: number): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  return row;
}

export async function presentContactById(db: DbOrTx, id: number): Promise<ContactDTO | null> {
  const row = await findContactRow(db, id);
  if (!row) return null;
  const [dto] = await presentContacts(db, [row]);
  return dto;
}
