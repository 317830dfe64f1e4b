/**
 * One person, one contact, across WhatsApp's two addresses for people (channels/whatsapp/jids.ts).
 * A customer known only by a LID is stored with the LID JID as their number ("1234…@lid"), which
 * is also where replies go. When WhatsApp reveals the phone number behind the LID (a LID mapping,
 * a message carrying both), the contact gets the number; if a contact with that number already
 * exists (an earlier conversation), the LID contact is merged into it: its tickets, messages, tags
 * and extra information move over and the LID contact goes.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { contactExtraInfo, contactTags, contacts, messages, ratingRequests, tickets } from '../db/schema.js';
import { finishCycle } from './ticket-cycles.js';
import { rollupContactIds, rollupContactTags, rollupMovePeople } from './dashboard-rollups.js';
import type { ContactRow } from './contacts.js';

export const isLidNumber = (number: string): boolean => /@(hosted\.)?lid$/.test(number);

export interface LidAttached {
  /** The person's contact, now with the number and the LID. */
  contact: ContactRow;
  /** The LID-only contact merged into it, if there was one besides. */
  removedId: number | null;
}

/** The number of the contact that already knows this LID, if any (to address a LID message there). */
export async function numberForLid(db: DbOrTx, lid: string): Promise<string | undefined> {
  const [row] = await db
    .select({ number: contacts.number })
    .from(contacts)
    .where(and(eq(contacts.lid, lid), ne(contacts.number, lid)))
    .limit(1);
  return row?.number;
}

/**
 * Gives the contact known only by `lid` its phone `number`. Returns null when no contact is known
 * by that LID alone (nothing to attach: the caller just records the LID on the number's contact).
 */
export async function attachNumberToLid(db: Db, number: string, lid: string, now: Date): Promise<LidAttached | null> {
  if (!isLidNumber(lid) || isLidNumber(number)) return null;
  return db.transaction(async (tx) => {
    const [lidContact] = await tx.select().from(contacts).where(eq(contacts.number, lid)).for('update');
    if (!lidContact) return null;
    const [numberContact] = await tx.select().from(contacts).where(eq(contacts.number, number)).for('update');
    if (!numberContact) {
      const [contact] = await tx.update(contacts).set({ number, lid, updatedAt: now }).where(eq(contacts.id, lidContact.id)).returning();
      return { contact, removedId: null };
    }
    await mergeInto(tx, lidContact, numberContact, now);
    // A name chosen by the customer beats a bare number shown as the name.
    const name =
      numberContact.name === numberContact.number && lidContact.name !== lidContact.number ? lidContact.name : numberContact.name;
    const [contact] = await tx.update(contacts).set({ lid, name, updatedAt: now }).where(eq(contacts.id, numberContact.id)).returning();
    return { contact, removedId: lidContact.id };
  });
}

/**
 * Gives each of the two contacts the other's tags (the dashboard's figures of each joining the
 * tags it gains): done first, so that no ticket changes tags when it moves from one to the other.
 */
async function shareTags(tx: DbOrTx, a: number, b: number): Promise<void> {
  const rows = await tx
    .select()
    .from(contactTags)
    .where(inArray(contactTags.contactId, [a, b]));
  const tagsOf = (id: number) => new Set(rows.filter((r) => r.contactId === id).map((r) => r.tagId));
  const [ofA, ofB] = [tagsOf(a), tagsOf(b)];
  const gains: [number, number[]][] = [
    [a, [...ofB].filter((t) => !ofA.has(t))],
    [b, [...ofA].filter((t) => !ofB.has(t))],
  ];
  for (const [id, tagIds] of gains) {
    if (!tagIds.length) continue;
    await rollupContactTags(tx, 1, sql`select ${id}::int`, tagIds);
    await tx.insert(contactTags).values(tagIds.map((tagId) => ({ contactId: id, tagId })));
  }
}

/** Moves everything of `from` to `into`, then deletes `from`. */
async function mergeInto(tx: DbOrTx, from: ContactRow, into: ContactRow, now: Date): Promise<void> {
  await shareTags(tx, from.id, into.id);
  const active = ['open', 'pending'];
  // Each person has one active ticket per connection: where both have one, the LID contact's
  // ticket closes (its messages stay in it); the conversation goes on in the number's ticket.
  const clashing = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.contactId, from.id),
        inArray(tickets.status, active),
        sql`${tickets.whatsappId} in (select whatsapp_id from ${tickets} where contact_id = ${into.id} and status in ('open', 'pending'))`,
      ),
    );
  for (const { id } of clashing) {
    await tx.update(tickets).set({ status: 'closed', isFinished: true, updatedAt: now }).where(eq(tickets.id, id));
    await finishCycle(tx, id, now, 'finished', null);
  }
  // The leads under a filter are per person, over all their tickets' cycles.
  await rollupMovePeople(tx, -1, sql`select ${from.id}::int union all select ${into.id}::int`);
  await tx.update(tickets).set({ contactId: into.id }).where(eq(tickets.contactId, from.id));
  await rollupMovePeople(tx, 1, sql`select ${into.id}::int`);
  await tx.update(messages).set({ contactId: into.id }).where(eq(messages.contactId, from.id));
  await tx.update(contactExtraInfo).set({ contactId: into.id }).where(eq(contactExtraInfo.contactId, from.id));
  // One waiting rating request per person and connection: where both wait, the number's one wins
  // (the other is expired, then moved like the rest).
  await tx.execute(sql`
    update ${ratingRequests} set state = 'expired'
    where contact_id = ${from.id} and state = 'waiting'
      and whatsapp_id in (select whatsapp_id from ${ratingRequests} where contact_id = ${into.id} and state = 'waiting')`);
  await tx.update(ratingRequests).set({ contactId: into.id }).where(eq(ratingRequests.contactId, from.id));
  await rollupContactIds(tx, -1, [from.id]);
  await tx.delete(contacts).where(eq(contacts.id, from.id));
}
