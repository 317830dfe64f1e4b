/**
 * Auto-assignment (sectors with `autoAssign`): tickets waiting in the sector (pending, no
 * attendant) are given to online attendants of the sector, round-robin, each up to the sector's
 * limit of open tickets (decisions in assignment.ts). A ticket so assigned is `open` with that
 * attendant, its service cycle started by them as if they had accepted it.
 *
 * When: the moment a ticket starts waiting in such a sector (kick), when an attendant of it comes
 * online or lets go of an open ticket (kickUserSectors), when the sector's settings change, and on
 * the scheduler's tick (runDue) as the retry of all of these — a kick that failed or found nobody
 * is done again there.
 *
 * Safe with several server processes: one sector is assigned by one transaction at a time (its
 * row is locked `FOR NO KEY UPDATE`); the candidates' user rows are locked (`FOR NO KEY UPDATE`, in id
 * order) before their open tickets are counted, so assigners of two sectors sharing an attendant
 * take turns and the count cannot go stale before the commit; waiting tickets are taken
 * `FOR UPDATE SKIP LOCKED` (one an attendant is accepting right now is left to them) and changed
 * only while still pending and unassigned. So no ticket is assigned twice and nobody goes over
 * the limit, whichever process assigns. Locks are taken in one order (sector, users by id,
 * tickets), and the assigner never waits for a ticket row, so it cannot deadlock with an action.
 *
 * Online: whoever has a live socket, as the dashboard shows it (`Realtime.onlineUserIds`, which
 * asks every process through the Socket.IO Redis adapter — the adapter scale-out already needs).
 */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { queues, tickets, userQueues, users } from '../db/schema.js';
import { announceTicketMoved, recordStory } from '../messaging/ticket-events.js';
import { startCycle } from '../store/ticket-cycles.js';
import { retriedTransaction } from '../lib/retry-transaction.js';
import type { TicketLifecycleEvent } from '../store/ticket-lifecycle.js';
import { presentTickets, type TicketRow } from '../store/ticket-present.js';
import { planAssignments } from './assignment.js';

/** Waiting tickets one transaction assigns at most; a longer queue is worked through in turns. */
const BATCH = 50;

export class AutoAssigner {
  /** Sectors being assigned by this process now, and those to run once more when that ends. */
  private running = new Map<number, Promise<void>>();
  private again = new Set<number>();
  private stopped = false;

  constructor(private readonly ctx: AppContext) {}

  /**
   * Assigns what waits in the sector, soon, without making the caller wait. Calls during a run
   * ask for one more run after it, so a burst of messages costs one or two runs, not one each.
   * A failure is logged; the scheduler's next tick tries again.
   */
  kick(queueId: number): void {
    if (this.stopped) return;
    if (this.running.has(queueId)) {
      this.again.add(queueId);
      return;
    }
    const run = (async () => {
      do {
        this.again.delete(queueId);
        await this.assignSector(queueId);
      } while (this.again.has(queueId) && !this.stopped);
    })()
      .catch((err: unknown) => this.ctx.log.error({ err, queueId }, 'auto-assignment failed; retried on the next scheduler tick'))
      .finally(() => this.running.delete(queueId));
    this.running.set(queueId, run);
  }

  /** An attendant came online or let go of a ticket: their auto-assign sectors may have work for them. */
  kickUserSectors(userId: number): void {
    if (this.stopped) return;
    void this.ctx.db
      .select({ id: queues.id })
      .from(userQueues)
      .innerJoin(queues, eq(queues.id, userQueues.queueId))
      .where(and(eq(userQueues.userId, userId), eq(queues.autoAssign, true)))
      .then((rows) => rows.forEach((r) => this.kick(r.id)))
      .catch((err: unknown) => this.ctx.log.error({ err, userId }, 'auto-assignment failed; retried on the next scheduler tick'));
  }

  /** What a ticket action means for assignment: a ticket now waiting, or an attendant with room again. */
  onTicketEvent({ ticket, before }: Pick<TicketLifecycleEvent, 'ticket' | 'before'>): void {
    if (ticket.status === 'pending' && ticket.userId == null && ticket.queueId != null) this.kick(ticket.queueId);
    const freed = before?.status === 'open' && before.userId != null && !(ticket.status === 'open' && ticket.userId === before.userId);
    if (freed) this.kickUserSectors(before.userId!);
  }

  /** Resolves when the runs started so far have ended (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  /** Scheduled: every auto-assign sector with tickets waiting (the retry of every kick). */
  async runDue(): Promise<number> {
    const sectors = await this.ctx.db
      .select({ id: queues.id })
      .from(queues)
      .where(
        and(
          eq(queues.autoAssign, true),
          sql`exists (select 1 from ${tickets} t where t.queue_id = ${queues.id} and t.status = 'pending' and t.user_id is null)`,
        ),
      );
    if (!sectors.length) return 0;
    const online = await this.ctx.realtime.onlineUserIds();
    let assigned = 0;
    for (const { id } of sectors) assigned += await this.assignSector(id, online);
    return assigned;
  }

  /** Assigns the sector's waiting tickets to its online attendants with room; returns how many. */
  async assignSector(queueId: number, knownOnline?: Set<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await this.assignBatch(queueId, knownOnline);
      total += done;
      if (done < BATCH) return total;
    }
  }

  private async assignBatch(queueId: number, knownOnline?: Set<number>): Promise<number> {
    const { ctx } = this;
    const [sector] = await ctx.db.select({ autoAssign: queues.autoAssign }).from(queues).where(eq(queues.id, queueId));
    if (!sector?.autoAssign) return 0;
    const online = [...(knownOnline ?? (await ctx.realtime.onlineUserIds()))];
    if (!online.length) return 0;
    const now = ctx.clock.now();

    const result = await retriedTransaction(ctx.db, async (tx) => {
      // One assigner per sector at a time, and it sees the settings as they are now. NO KEY UPDATE
      // (not UPDATE): rows that merely reference the sector (a ticket, a cycle, a membership being
      // written) need not wait for it, so no transaction holding those can deadlock with this one.
      const [locked] = await tx
        .select({ autoAssign: queues.autoAssign, limit: queues.maxOpenPerAttendant })
        .from(queues)
        .where(eq(queues.id, queueId))
        .for('no key update');
      if (!locked?.autoAssign) return null;
      const onlineMembers = () =>
        tx
          .select({ userId: userQueues.userId, lastAssignedAt: userQueues.lastAssignedAt })
          .from(userQueues)
          .where(and(eq(userQueues.queueId, queueId), inArray(userQueues.userId, online)));
      const candidates = await onlineMembers();
      if (!candidates.length) return null;
      // Another sector's assigner counting the same attendant waits here until this one commits.
      const lockedIds = new Set(candidates.map((m) => m.userId));
      await tx
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, [...lockedIds]))
        .orderBy(asc(users.id))
        .for('no key update');
      // Read again now that they are locked: someone taken out of the sector meanwhile is not asked.
      const members = (await onlineMembers()).filter((m) => lockedIds.has(m.userId));
      if (!members.length) return null;
      const memberIds = members.map((m) => m.userId);
      const counts = await tx
        .select({ userId: tickets.userId, n: count() })
        .from(tickets)
        .where(and(eq(tickets.status, 'open'), inArray(tickets.userId, memberIds)))
        .groupBy(tickets.userId);
      const openOf = new Map(counts.map((c) => [c.userId, Number(c.n)]));
      const waiting = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.queueId, queueId), eq(tickets.status, 'pending'), isNull(tickets.userId)))
        .orderBy(asc(tickets.createdAt), asc(tickets.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const plan = planAssignments(
        waiting.map((t) => t.id),
        members.map((m) => ({ userId: m.userId, openTickets: openOf.get(m.userId) ?? 0, lastAssignedAt: m.lastAssignedAt })),
        locked.limit,
      );
      const moved: { before: TicketRow; after: TicketRow }[] = [];
      const stories: ((ticket: Pick<TicketRow, 'userId' | 'queueId'>) => void)[] = [];
      for (const [i, { ticketId, userId }] of plan.entries()) {
        const before = waiting.find((t) => t.id === ticketId)!;
        const [after] = await tx
          .update(tickets)
          .set({ status: 'open', userId, isTransfer: false, updatedAt: now })
          .where(and(eq(tickets.id, ticketId), eq(tickets.status, 'pending'), isNull(tickets.userId)))
          .returning();
        if (!after) continue;
        await startCycle(tx, ticketId, now, userId, queueId);
        stories.push(await recordStory(ctx, tx, [{ ticketId, kind: 'auto-assigned', at: now, toUserId: userId, toQueueId: queueId }]));
        // Assignments of one run are a millisecond apart, so the next run continues the rotation.
        await tx
          .update(userQueues)
          .set({ lastAssignedAt: new Date(now.getTime() + i) })
          .where(and(eq(userQueues.userId, userId), eq(userQueues.queueId, queueId)));
        moved.push({ before, after });
      }
      const dtos = await presentTickets(
        tx,
        moved.map((m) => m.after),
      );
      return { moved, dtos, stories, batchFull: waiting.length === BATCH && plan.length === BATCH };
    });
    if (!result) return 0;
    result.moved.forEach(({ before, after }, i) => {
      announceTicketMoved(ctx, before, result.dtos[i], { autoAssigned: true });
      result.stories[i](after);
    });
    if (result.moved.length)
      ctx.log.info({ queueId, tickets: result.moved.map((m) => [m.after.id, m.after.userId]) }, 'tickets auto-assigned');
    return result.batchFull ? BATCH : result.moved.length;
  }
}
