/**
 * A customer writing back after a campaign's message marks its recipient replied. The rule lives
 * here as one UPDATE, run by the inbound store in the statement that writes the messages
 * (messaging/store-known.ts) or, for messages stored another way, by the campaign sender's inbound
 * listener (modules/campaigns/sender.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { campaignRecipients, campaigns } from '../db/schema.js';

/** A customer's message within this long after a campaign's send counts as its reply. */
export const REPLY_WINDOW_MS = 7 * 24 * 3_600_000;

/** A recipient marked replied, with the customer message that did it. */
export interface MarkedReplied {
  id: number;
  campaignId: number;
  contactId: number;
  whatsappId: number;
}

/**
 * The UPDATE marking replied the recipients `answers` answer — `answers` is a FROM item with columns
 * contact_id, whatsapp_id and ticket_id, one row per contact and connection: recipients of the
 * contact handed by a campaign of that connection within the reply window and not replied yet.
 * Returns id, campaign_id, contact_id and whatsapp_id of each recipient marked.
 */
export function markRepliedSql(answers: SQL, now: Date): SQL {
  return sql`
    update ${campaignRecipients} r set replied_at = ${now.toISOString()}::timestamptz, ticket_id = a.ticket_id
    from ${answers}, ${campaigns} c
    where r.contact_id = a.contact_id and c.id = r.campaign_id and c.whatsapp_id = a.whatsapp_id
      and r.status = 'handed' and r.replied_at is null
      and r.claimed_at > ${new Date(now.getTime() - REPLY_WINDOW_MS).toISOString()}::timestamptz
    returning r.id, r.campaign_id, a.contact_id, a.whatsapp_id`;
}

export function readMarked(row: Record<string, unknown>): MarkedReplied {
  return {
    id: Number(row.id),
    campaignId: Number(row.campaign_id),
    contactId: Number(row.contact_id),
    whatsappId: Number(row.whatsapp_id),
  };
}
