/**
 * Scheduled inactivity close (decisions in inactivity.ts). The inactive message is written in a
 * transaction that re-checks the rule on the locked ticket; writing it moves the ticket's last
 * message to now, so an overlapping second run finds the ticket no longer inactive. The close is
 * the tickets feature's closeBySystem (SystemTicketCloser), which closes a ticket once.
 */
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { tickets, whatsapps } from '../db/schema.js';
import type { SystemTicketCloser } from '../store/ticket-lifecycle.js';
import { inactiveNotice, inactivityCutoff, isInactive } from './inactivity.js';
import { announceSystemMessages, enqueueSystemText, type SystemMessageDeps } from './system-messages.js';

export class InactivityJob {
  constructor(
    private readonly deps: SystemMessageDeps,
    private readonly ticketsService: SystemTicketCloser,
  ) {}

  async runDue(now: Date): Promise<number> {
    const { ctx } = this.deps;
    const connections = await ctx.db.select().from(whatsapps).where(gt(whatsapps.timeInactiveMessage, 0));
    let closed = 0;
    for (const connection of connections) {
      const cutoff = inactivityCutoff(now, connection.timeInactiveMessage);
      if (!cutoff) continue;
      const due = await ctx.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(
          and(
            eq(tickets.whatsappId, connection.id),
            eq(tickets.status, 'open'),
            eq(tickets.lastMessageFromMe, true),
            lte(tickets.lastMessageAt, cutoff),
          ),
        )
        .orderBy(asc(tickets.lastMessageAt))
        .limit(100);
      for (const { id } of due) {
        const notice = inactiveNotice(connection);
        const claimed = await ctx.db.transaction(async (tx) => {
          const [t] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
          if (!t || !isInactive(t, connection, now)) return null;
          return { row: notice ? await enqueueSystemText(this.deps, tx, t, notice) : null };
        });
        if (!claimed) continue;
        await announceSystemMessages(this.deps, id, [claimed.row]);
        if (await this.ticketsService.closeBySystem(id, 'inactive')) closed += 1;
      }
    }
    return closed;
  }
}
