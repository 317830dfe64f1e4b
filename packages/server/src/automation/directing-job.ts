/**
 * Scheduled directing of sectorless tickets to their connection's default sector (decisions in
 * directing.ts). The move is a conditional update (still pending, sectorless and unattended), so a
 * ticket is directed once, and is announced in realtime like any change of sector; the sector's
 * attendants also get the customer's unread messages (messaging/ticket-arrival.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { tickets } from '../db/schema.js';
import { rowsOf } from '../lib/sql.js';
import { announceTicketArrived } from '../messaging/ticket-arrival.js';
import { recordStory } from '../messaging/ticket-events.js';
import { presentTicketById } from '../store/ticket-present.js';
import { moveCycleQueue } from './auto-reply.js';
import { directTo, directingCutoff, directingSeconds } from './directing.js';
import type { SystemMessageDeps } from './system-messages.js';

export class DirectingJob {
  constructor(private readonly deps: SystemMessageDeps) {}

  async runDue(now: Date): Promise<number> {
    const { ctx } = this.deps;
    const seconds = directingSeconds(ctx.settings.get('timeSendQueue'));
    const cutoff = directingCutoff(now, seconds);
    if (!cutoff) return 0;
    const candidates = rowsOf(
      await ctx.db.execute(sql`
        select * from (
          select t.id, t.status, t.is_group, w.default_queue_id,
            coalesce((select max(c.queued_at) from ticket_cycles c where c.ticket_id = t.id and c.finished_at is null), t.created_at) as waiting_since
          from tickets t join whatsapps w on w.id = t.whatsapp_id
          where t.status = 'pending' and t.queue_id is null and t.user_id is null and not t.is_group
            and w.default_queue_id is not null
        ) due
        where waiting_since <= ${cutoff.toISOString()}::timestamptz
        order by waiting_since
        limit 200`),
    );
    let moved = 0;
    for (const c of candidates) {
      const target = directTo(
        {
          status: String(c.status),
          queueId: null,
          userId: null,
          isGroup: c.is_group === true,
          waitingSince: new Date(c.waiting_since as string),
        },
        Number(c.default_queue_id),
        now,
        seconds,
      );
      if (target == null) continue;
      const id = Number(c.id);
      const result = await ctx.db.transaction(async (tx) => {
        const [before] = await tx.select().from(tickets).where(eq(tickets.id, id));
        const [after] = await tx
          .update(tickets)
          .set({ queueId: target, chatbot: false, updatedAt: now })
          .where(and(eq(tickets.id, id), eq(tickets.status, 'pending'), isNull(tickets.queueId), isNull(tickets.userId)))
          .returning();
        if (!after || !before) return null;
        await moveCycleQueue(tx, id, target);
        const story = await recordStory(ctx, tx, [{ ticketId: id, kind: 'directed', at: now, toQueueId: target }]);
        return { before, after, story };
      });
      if (!result) continue;
      result.story(result.after);
      moved += 1;
      const dto = await presentTicketById(ctx.db, id);
      if (dto) await announceTicketArrived(ctx, result.before, dto);
      this.deps.waitingInSector?.(target);
    }
    return moved;
  }
}
