/**
 * Who a campaign goes to: the union of contacts with one of its tags, with a ticket in one of its
 * sectors, with an open (or recently active) ticket, and the rows of an uploaded CSV (unknown
 * numbers become contacts, named as in the file). Groups are never recipients. Contacts opted
 * out of bulk messages are listed as skipped, so the campaign shows who it left out and why.
 */
import type { CampaignAudience } from '@switchboard/shared';
import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { campaignRecipients, contactTags, contacts, tickets } from '../../db/schema.js';
import { rollupContactIds } from '../../store/dashboard-rollups.js';

const CHUNK = 1000;

export async function audienceContacts(tx: Tx, audience: CampaignAudience, now: Date): Promise<Map<number, string>> {
  const chosen = new Map<number, string>();
  const add = (ids: { id: number }[]) => ids.forEach((r) => chosen.set(r.id, chosen.get(r.id) ?? ''));
  if (audience.tagIds.length) {
    add(await tx.selectDistinct({ id: contactTags.contactId }).from(contactTags).where(inArray(contactTags.tagId, audience.tagIds)));
  }
  if (audience.queueIds.length) {
    add(await tx.selectDistinct({ id: tickets.contactId }).from(tickets).where(inArray(tickets.queueId, audience.queueIds)));
  }
  if (audience.tickets === 'open') {
    add(
      await tx
        .selectDistinct({ id: tickets.contactId })
        .from(tickets)
        .where(inArray(tickets.status, ['open', 'pending'])),
    );
  } else if (audience.tickets === 'recent') {
    const since = new Date(now.getTime() - audience.recentDays * 86_400_000);
    add(await tx.selectDistinct({ id: tickets.contactId }).from(tickets).where(gte(tickets.updatedAt, since)));
  }
  // The CSV: the last name given for a number wins; contacts are created for unknown numbers.
  const named = new Map<string, string>();
  for (const row of audience.csv) named.set(row.number, row.name);
  const numbers = [...named.keys()];
  for (let i = 0; i < numbers.length; i += CHUNK) {
    const part = numbers.slice(i, i + CHUNK);
    const added = await tx
      .insert(contacts)
      .values(part.map((number) => ({ number, name: named.get(number) || number })))
      .onConflictDoNothing()
      .returning({ id: contacts.id });
    await rollupContactIds(
      tx,
      1,
      added.map((c) => c.id),
    );
    const found = await tx.select({ id: contacts.id, number: contacts.number }).from(contacts).where(inArray(contacts.number, part));
    for (const c of found) chosen.set(c.id, named.get(c.number) ?? '');
  }
  if (chosen.size === 0) return chosen;
  // Groups are left out whatever picked them.
  const ids = [...chosen.keys()];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const groups = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(inArray(contacts.id, ids.slice(i, i + CHUNK)), eq(contacts.isGroup, true)));
    for (const g of groups) chosen.delete(g.id);
  }
  return chosen;
}

/** Replaces the campaign's recipients with the audience's contacts; returns how many. */
export async function writeRecipients(tx: Tx, campaignId: number, chosen: Map<number, string>): Promise<number> {
  await tx.delete(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));
  const entries = [...chosen.entries()];
  for (let i = 0; i < entries.length; i += CHUNK) {
    await tx.insert(campaignRecipients).values(entries.slice(i, i + CHUNK).map(([contactId, name]) => ({ campaignId, contactId, name })));
  }
  await markOptedOut(tx, campaignId);
  return entries.length;
}

/** Queued recipients whose contact opted out become skipped (also checked again when each is sent). */
export async function markOptedOut(tx: Tx, campaignId: number): Promise<void> {
  await tx
    .update(campaignRecipients)
    .set({ status: 'skipped', reason: 'optedOut' })
    .where(
      and(
        eq(campaignRecipients.campaignId, campaignId),
        eq(campaignRecipients.status, 'queued'),
        inArray(campaignRecipients.contactId, tx.select({ id: contacts.id }).from(contacts).where(isNotNull(contacts.optedOutAt))),
      ),
    );
  // A contact who opted back in before the start is queued again.
  await tx
    .update(campaignRecipients)
    .set({ status: 'queued', reason: null })
    .where(
      and(
        eq(campaignRecipients.campaignId, campaignId),
        eq(campaignRecipients.status, 'skipped'),
        sql`${campaignRecipients.contactId} in (select id from ${contacts} where ${contacts.optedOutAt} is null)`,
      ),
    );
}
