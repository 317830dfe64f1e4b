/**
 * Contacts and tickets as the inbound pipeline needs them, with the database holding the
 * invariants (one contact per number, one open-or-pending ticket per contact and connection) even
 * when several messages of a new customer arrive at once.
 */
import { and, desc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { contacts, ticketCycles, tickets } from '../db/schema.js';
import { isUniqueViolation } from '../lib/app-error.js';

export type ContactRow = typeof contacts.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;

export async function upsertContact(
  tx: Tx,
  input: { number: string; name?: string; isGroup: boolean; lid?: string; profilePicUrl?: string },
): Promise<{ contact: ContactRow; created: boolean }> {
  const [row] = await tx
    .insert(contacts)
    .values({
      number: input.number,
      name: input.name?.trim() || input.number,
      isGroup: input.isGroup,
      lid: input.lid ?? null,
      profilePicUrl: input.profilePicUrl ?? '',
    })
    .onConflictDoUpdate({
      target: contacts.number,
      // The channel never renames an existing contact; it only fills what we did not know.
      set: {
        lid: sql`coalesce(${contacts.lid}, excluded.lid)`,
        profilePicUrl: sql`case when excluded.profile_pic_url <> '' then excluded.profile_pic_url else ${contacts.profilePicUrl} end`,
      },
    })
    .returning({ ...getTableColumns(contacts), inserted: sql<boolean>`(xmax = 0)` });
  const { inserted, ...contact } = row;
  return { contact, created: !!inserted };
}

export interface TicketLookup {
  contactId: number;
  whatsappId: number;
  isGroup: boolean;
  /** Seconds within which a closed ticket is reopened instead of creating a new one. */
  reopenWithinSeconds: number;
  now: Date;
}

/** The open-or-pending ticket, a recently closed one reopened as pending, or a new pending one. */
export async function findOrCreateTicket(tx: Tx, q: TicketLookup): Promise<{ ticket: TicketRow; created: boolean; reopened: boolean }> {
  const active = await findActive(tx, q.contactId, q.whatsappId);
  if (active) return { ticket: active, created: false, reopened: false };

  const since = new Date(q.now.getTime() - q.reopenWithinSeconds * 1000);
  const [recent] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.contactId, q.contactId), eq(tickets.whatsappId, q.whatsappId), eq(tickets.status, 'closed'), gt(tickets.updatedAt, since)))
    .orderBy(desc(tickets.updatedAt))
    .limit(1);

  try {
    const result = await tx.transaction(async (sp) => {
      if (recent) {
        const [reopened] = await sp
          .update(tickets)
          .set({ status: 'pending', userId: null, isFinished: false, updatedAt: q.now })
          .where(and(eq(tickets.id, recent.id), eq(tickets.status, 'closed')))
          .returning();
        if (reopened) {
          await sp.insert(ticketCycles).values({ ticketId: reopened.id, queueId: reopened.queueId, queuedAt: q.now });
          return { ticket: reopened, created: false, reopened: true };
        }
      }
      const [created] = await sp
        .insert(tickets)
        .values({ contactId: q.contactId, whatsappId: q.whatsappId, status: 'pending', isGroup: q.isGroup, createdAt: q.now, updatedAt: q.now })
        .returning();
      const protocol = `${q.now.getUTCFullYear()}${String(created.id).padStart(6, '0')}`;
      const [withProtocol] = await sp.update(tickets).set({ protocol }).where(eq(tickets.id, created.id)).returning();
      await sp.insert(ticketCycles).values({ ticketId: created.id, queuedAt: q.now });
      return { ticket: withProtocol, created: true, reopened: false };
    });
    return result;
  } catch (err) {
    // Another message of the same customer created the ticket first: use it.
    if (!isUniqueViolation(err, 'tickets_one_active_per_contact')) throw err;
    const winner = await findActive(tx, q.contactId, q.whatsappId);
    if (!winner) throw err;
    return { ticket: winner, created: false, reopened: false };
  }
}

async function findActive(tx: Tx, contactId: number, whatsappId: number): Promise<TicketRow | undefined> {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.contactId, contactId), eq(tickets.whatsappId, whatsappId), inArray(tickets.status, ['open', 'pending'])));
  return row;
}
