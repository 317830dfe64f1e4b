/**
 * A campaign and its recipients as the API presents them. A handed recipient's status is read from
 * its outbox message (sent, delivered, read, failed with the channel's reason), so it never lags
 * behind what the chat shows; a reply marks it replied.
 */
import {
  CAMPAIGN_WAITS,
  RECIPIENT_STATUSES,
  type CampaignWait,
  type CampaignCounts,
  type CampaignDTO,
  type CampaignRecipientDTO,
  type CampaignStatus,
  type RecipientStatus,
} from '@switchboard/shared';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { presentAttachment } from '../../http/attachment-upload.js';
import { campaignRecipients, campaigns, contacts, messages, users, whatsapps } from '../../db/schema.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type RecipientRow = typeof campaignRecipients.$inferSelect;

/** The shown status of a recipient (RECIPIENT_STATUSES), from its row and its outbox message. */
export const recipientStatusSql = sql<RecipientStatus>`case
  when ${campaignRecipients.repliedAt} is not null then 'replied'
  when ${campaignRecipients.status} <> 'handed' then ${campaignRecipients.status}
  when ${messages.id} is null then 'failed'
  when ${messages.sendState} = 'failed' then 'failed'
  when ${messages.ack} >= 3 then 'read'
  when ${messages.ack} >= 2 then 'delivered'
  when ${messages.sendState} = 'sent' or ${messages.ack} >= 1 then 'sent'
  else 'sending' end`;

const reasonSql = sql<
  string | null
>`coalesce(${campaignRecipients.reason}, case when ${messages.sendState} = 'failed' then coalesce(${messages.failureCode}, ${messages.lastError}) end, case when ${campaignRecipients.status} = 'handed' and ${messages.id} is null then 'messageDeleted' end)`;

/** Recipients as presented, filtered by `where` (their own columns or their shown status). */
export async function presentRecipients(
  db: DbOrTx,
  where: SQL | undefined,
  page?: { offset: number; limit: number },
): Promise<CampaignRecipientDTO[]> {
  const query = db
    .select({
      id: campaignRecipients.id,
      contactId: campaignRecipients.contactId,
      recipientName: campaignRecipients.name,
      contactName: contacts.name,
      number: contacts.number,
      status: recipientStatusSql,
      reason: reasonSql,
      messageId: campaignRecipients.messageId,
      ticketId: campaignRecipients.ticketId,
      sentAt: campaignRecipients.claimedAt,
      repliedAt: campaignRecipients.repliedAt,
    })
    .from(campaignRecipients)
    .innerJoin(contacts, eq(contacts.id, campaignRecipients.contactId))
    .leftJoin(messages, eq(messages.id, campaignRecipients.messageId))
    .where(where)
    .orderBy(asc(campaignRecipients.id));
  const rows = page ? await query.offset(page.offset).limit(page.limit) : await query;
  return rows.map((r) => ({
    id: r.id,
    contactId: r.contactId,
    name: r.recipientName || r.contactName,
    number: r.number,
    status: r.status,
    reason: r.reason,
    messageId: r.messageId,
    ticketId: r.ticketId,
    sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
    repliedAt: r.repliedAt ? new Date(r.repliedAt).toISOString() : null,
  }));
}

/** How many recipients of each campaign are in each shown status. */
export async function countsOf(db: DbOrTx, campaignIds: number[]): Promise<Map<number, CampaignCounts>> {
  const out = new Map<number, CampaignCounts>();
  if (campaignIds.length === 0) return out;
  const rows = await db
    .select({ campaignId: campaignRecipients.campaignId, status: recipientStatusSql, n: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .leftJoin(messages, eq(messages.id, campaignRecipients.messageId))
    .where(inArray(campaignRecipients.campaignId, campaignIds))
    .groupBy(campaignRecipients.campaignId, recipientStatusSql);
  for (const id of campaignIds) out.set(id, Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as CampaignCounts);
  for (const r of rows) out.get(r.campaignId)![r.status] = Number(r.n);
  return out;
}

export async function presentCampaigns(db: DbOrTx, rows: CampaignRow[]): Promise<CampaignDTO[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const connectionIds = [...new Set(rows.map((r) => r.whatsappId))];
  const userIds = [...new Set(rows.map((r) => r.userId).filter((id): id is number => id != null))];
  const [counts, conns, authors] = await Promise.all([
    countsOf(db, ids),
    db
      .select({ id: whatsapps.id, name: whatsapps.name, channel: whatsapps.channel })
      .from(whatsapps)
      .where(inArray(whatsapps.id, connectionIds)),
    userIds.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)) : Promise.resolve([]),
  ]);
  const connOf = new Map(conns.map((c) => [c.id, c]));
  const userOf = new Map(authors.map((u) => [u.id, u]));
  return rows.map((r) => {
    const c = counts.get(r.id)!;
    return {
      id: r.id,
      name: r.name,
      whatsappId: r.whatsappId,
      connection: connOf.get(r.whatsappId) ?? { id: r.whatsappId, name: '', channel: '' },
      user: r.userId != null ? (userOf.get(r.userId) ?? null) : null,
      body: r.body,
      template: r.template ?? null,
      media: presentAttachment(r.media),
      audience: r.audience,
      pacing: r.pacing,
      startAt: r.startAt?.toISOString() ?? null,
      status: r.status as CampaignStatus,
      stopReason: r.stopReason,
      waiting: waitingOf(r),
      total: Object.values(c).reduce((a, b) => a + b, 0),
      counts: c,
      startedAt: r.startedAt?.toISOString() ?? null,
      finishedAt: r.finishedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

/** Why the campaign is not sending now: its state, or the job's last look at a running one. */
function waitingOf(r: CampaignRow): CampaignDTO['waiting'] {
  if (r.status === 'scheduled') return { reason: 'scheduled', until: r.startAt?.toISOString() ?? null };
  if (r.status === 'paused') return { reason: 'paused', until: null };
  if (r.status !== 'running' || !r.waitReason) return null;
  const reason = (CAMPAIGN_WAITS as readonly string[]).includes(r.waitReason) ? (r.waitReason as CampaignWait) : null;
  if (!reason) return null;
  return { reason, until: reason === 'gap' ? (r.nextSendAt?.toISOString() ?? null) : null };
}

export async function presentCampaignById(db: DbOrTx, id: number): Promise<CampaignDTO | null> {
  const rows = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return (await presentCampaigns(db, rows))[0] ?? null;
}

/** Recipients of one campaign whose status is `status` (as shown). */
export function recipientsWhere(campaignId: number, status?: RecipientStatus): SQL | undefined {
  return and(eq(campaignRecipients.campaignId, campaignId), status ? sql`${recipientStatusSql} = ${status}` : undefined);
}
