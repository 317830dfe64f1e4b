/**
 * What a dead process stored but may never have announced. A process writes a message, commits,
 * and then emits it to the browsers (through Redis to the other processes); killed in between,
 * the message is stored and nobody is told — a chat open on a surviving process would not show
 * it until reloaded. The process that takes over the dead one's channel session announces again
 * what that connection stored since the dead process's last lease renewal; browsers already
 * showing a message recognise it by id.
 */
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { messages, tickets } from '../db/schema.js';
import { presentMessages } from '../store/message-present.js';
import { presentTickets } from '../store/ticket-present.js';
import { reannounceMessage } from './ticket-events.js';

/** At most this many of the newest messages are announced again (a bounded cost for one takeover). */
export const REANNOUNCE_MAX = 500;

/** Announces again the connection's messages written or changed since `since`; how many. */
export async function reannounceSince(ctx: AppContext, connectionId: number, since: Date): Promise<number> {
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.whatsappId, connectionId), gte(messages.updatedAt, since)))
    .orderBy(desc(messages.createdAt))
    .limit(REANNOUNCE_MAX);
  if (rows.length === 0) return 0;
  rows.reverse();
  const ticketIds = [...new Set(rows.map((r) => r.ticketId))];
  const ticketRows = await ctx.db.select().from(tickets).where(inArray(tickets.id, ticketIds));
  const ticketDtos = new Map((await presentTickets(ctx.db, ticketRows)).map((t) => [t.id, t]));
  for (const message of await presentMessages(ctx.mediaLinks, ctx.db, rows)) {
    const ticket = ticketDtos.get(message.ticketId);
    if (ticket) reannounceMessage(ctx, message, ticket);
  }
  ctx.log.info({ connectionId, since, count: rows.length }, 'announced again what the previous session holder stored');
  return rows.length;
}
