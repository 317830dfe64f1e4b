/** Lifecycle 'transferred' → the transfer message and the target sector's greeting (transfer.ts). */
import { eq } from 'drizzle-orm';
import { queues } from '../db/schema.js';
import { findConnection } from '../store/connections.js';
import type { TicketLifecycleEvent } from '../store/ticket-lifecycle.js';
import { sendSystemMessage, type SystemMessageDeps } from './system-messages.js';
import { transferTexts } from './transfer.js';

export async function onTransferred(deps: SystemMessageDeps, event: TicketLifecycleEvent): Promise<void> {
  const { ctx } = deps;
  const { ticket, before } = event;
  if (!before || ticket.queueId == null || ticket.queueId === before.queueId || ticket.isGroup) return;
  const connection = await findConnection(ctx.db, ticket.whatsappId);
  const [sector] = await ctx.db.select().from(queues).where(eq(queues.id, ticket.queueId));
  if (!connection || !sector) return;
  const texts = transferTexts(before, ticket, connection, sector, ctx.clock.now(), ctx.settings.timeZone());
  await sendSystemMessage(deps, ticket, ...texts);
}
