/**
 * The Cloud API's 24-hour customer-service window: free-form messages may be sent until 24 hours
 * after the customer's last message on this number; after that only approved templates.
 */
import { CLOUD_WINDOW_HOURS, type ServiceWindowDTO } from '@switchboard/shared';
import { and, eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { messages } from '../../db/schema.js';

export async function serviceWindow(
  db: DbOrTx,
  ticket: { whatsappId: number; contactId: number },
  channel: string,
  now: Date,
): Promise<ServiceWindowDTO> {
  if (channel !== 'whatsapp-cloud') return { applies: false, open: true, closesAt: null };
  // Any ticket of this customer on this number counts: the window belongs to the conversation.
  const [row] = await db
    .select({ last: max(messages.createdAt) })
    .from(messages)
    .where(and(eq(messages.whatsappId, ticket.whatsappId), eq(messages.contactId, ticket.contactId), eq(messages.fromMe, false)));
  const last = row?.last ? new Date(row.last) : null;
  if (!last) return { applies: true, open: false, closesAt: null };
  const closesAt = new Date(last.getTime() + CLOUD_WINDOW_HOURS * 3600_000);
  const open = closesAt.getTime() > now.getTime();
  return { applies: true, open, closesAt: open ? closesAt.toISOString() : null };
}
