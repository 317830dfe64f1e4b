/**
 * Runs the sector menu, greetings and out-of-hours notice (decisions in menu.ts). Each customer
 * message on a ticket nobody attends pushes the ticket's reply time (tickets.auto_reply_due_at)
 * a debounce later, so a burst gets one reply. The reply is claimed by a conditional update in the
 * same transaction that changes the ticket and writes the text: whichever process claims it —
 * the local timer or a scheduler tick after a restart — it happens once.
 */
import { and, asc, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { MicroBatcher } from '../lib/micro-batcher.js';
import type { DbOrTx } from '../db/client.js';
import { messages, queues, ticketCycles, tickets, whatsappQueues } from '../db/schema.js';
import type { InboundStored } from '../messaging/inbound.js';
import { announceTicketMoved } from '../messaging/ticket-events.js';
import { findConnection } from '../modules/connections/repository.js';
import { presentTicketById, type TicketRow } from '../modules/tickets/present.js';
import { decideAutoReply, type MenuSector } from './menu.js';
import { announceSystemMessages, enqueueSystemText, joinTexts, type SystemMessageDeps } from './system-messages.js';

export interface AutoReplyOptions {
  /** Quiet time after the customer's last message before the reply; 0 replies at once. */
  debounceMs: number;
}

export async function connectionSectors(db: DbOrTx, whatsappId: number): Promise<MenuSector[]> {
  return db
    .select({
      id: queues.id,
      name: queues.name,
      greetingMessage: queues.greetingMessage,
      absenceMessage: queues.absenceMessage,
      startWork: queues.startWork,
      endWork: queues.endWork,
    })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(eq(whatsappQueues.whatsappId, whatsappId))
    .orderBy(asc(queues.name));
}

/** Moves the running service cycle along with the ticket's sector. */
export async function moveCycleQueue(db: DbOrTx, ticketId: number, queueId: number | null): Promise<void> {
  await db
    .update(ticketCycles)
    .set({ queueId })
    .where(and(eq(ticketCycles.ticketId, ticketId), isNull(ticketCycles.finishedAt)));
}

export class AutoReplies {
  private timers = new Map<number, NodeJS.Timeout>();
  private stopped = false;
  /** Reply times of messages arriving together are written in one statement. */
  private readonly dueWriter: MicroBatcher<{ ticketId: number; due: Date }, void>;

  constructor(
    private readonly deps: SystemMessageDeps,
    readonly options: AutoReplyOptions,
  ) {
    this.dueWriter = new MicroBatcher<{ ticketId: number; due: Date }, void>(async (items) => {
      // The latest due time per ticket wins (items are in arrival order).
      const latest = new Map(items.map((i) => [i.ticketId, i.due]));
      const values = sql.join(
        [...latest].map(([id, due]) => sql`(${id}::int, ${due.toISOString()}::timestamptz)`),
        sql`, `,
      );
      await this.deps.ctx.db.execute(
        sql`update ${tickets} t set auto_reply_due_at = v.due from (values ${values}) as v(id, due) where t.id = v.id`,
      );
      return items.map((): void => undefined);
    }, 500);
  }

  /** Inbound listener: schedules (or, without debounce, runs) the reply to a customer message. */
  async onInbound({ connection, ticket, message }: InboundStored): Promise<void> {
    if (message.fromMe || message.mediaType === 'call_log') return;
    if (ticket.isGroup || ticket.userId != null || ticket.status !== 'pending') return;
    // Only a sectorless ticket, `#`, or a connection with work hours can need a reply.
    const mayReply = ticket.queueId == null || message.body.trim() === '#' || connection.defineWorkHours;
    if (!mayReply) return;
    const { ctx } = this.deps;
    const due = new Date(ctx.clock.now().getTime() + Math.max(0, this.options.debounceMs));
    await this.dueWriter.submit({ ticketId: ticket.id, due });
    if (this.options.debounceMs <= 0) {
      await this.runFor(ticket.id, ctx.clock.now());
      return;
    }
    this.arm(ticket.id);
  }

  /** A local timer answers promptly; the scheduler's poll is the fallback (restart, other process). */
  private arm(ticketId: number): void {
    if (this.stopped) return;
    clearTimeout(this.timers.get(ticketId));
    // A few milliseconds late, so the clock has surely reached the due time when it fires.
    const timer = setTimeout(() => {
      this.timers.delete(ticketId);
      void this.runFor(ticketId, this.deps.ctx.clock.now()).catch((err) =>
        this.deps.ctx.log.error({ err, ticketId }, 'automatic reply failed'),
      );
    }, this.options.debounceMs + 5);
    timer.unref();
    this.timers.set(ticketId, timer);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  /** Scheduled job: every reply due at `now`. */
  async runDue(now: Date): Promise<number> {
    const due = await this.deps.ctx.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(isNotNull(tickets.autoReplyDueAt), lte(tickets.autoReplyDueAt, now)))
      .orderBy(asc(tickets.autoReplyDueAt))
      .limit(100);
    let done = 0;
    for (const { id } of due) if (await this.runFor(id, now)) done += 1;
    return done;
  }

  /** Claims and performs the ticket's due reply; false when it was not due or already taken. */
  async runFor(ticketId: number, now: Date): Promise<boolean> {
    const { ctx } = this.deps;
    const timeZone = ctx.settings.timeZone();
    const outcome = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(tickets)
        .set({ autoReplyDueAt: null })
        .where(and(eq(tickets.id, ticketId), isNotNull(tickets.autoReplyDueAt), lte(tickets.autoReplyDueAt, now)))
        .returning();
      if (!claimed) return null;
      // Accepted, closed or a group meanwhile: nothing automatic to say any more.
      if (claimed.status !== 'pending' || claimed.userId != null || claimed.isGroup) return { before: claimed, after: claimed, row: null };
      const connection = await findConnection(tx, claimed.whatsappId);
      if (!connection) return { before: claimed, after: claimed, row: null };
      const [last] = await tx
        .select({ body: messages.body })
        .from(messages)
        .where(and(eq(messages.ticketId, claimed.id), eq(messages.fromMe, false)))
        .orderBy(desc(messages.createdAt))
        .limit(1);
      const decision = decideAutoReply({
        ticket: claimed,
        connection,
        sectors: await connectionSectors(tx, connection.id),
        text: last?.body ?? '',
        now,
        timeZone,
      });
      const patch: Partial<typeof tickets.$inferInsert> = {};
      if (decision.queueId !== undefined && decision.queueId !== claimed.queueId) patch.queueId = decision.queueId;
      if (decision.chatbot !== undefined && decision.chatbot !== claimed.chatbot) patch.chatbot = decision.chatbot;
      if (decision.outOfHoursNotice) patch.outOfHoursNoticeAt = now;
      let after: TicketRow = claimed;
      if (Object.keys(patch).length) {
        if (patch.queueId !== undefined) patch.updatedAt = now;
        [after] = await tx.update(tickets).set(patch).where(eq(tickets.id, claimed.id)).returning();
        if (patch.queueId !== undefined) await moveCycleQueue(tx, claimed.id, patch.queueId);
      }
      const row = await enqueueSystemText(this.deps, tx, after, joinTexts(decision.texts));
      return { before: claimed, after, row };
    });
    if (!outcome) return false;
    const { before, after, row } = outcome;
    if (before.queueId !== after.queueId || before.chatbot !== after.chatbot) {
      const dto = await presentTicketById(ctx.db, after.id);
      if (dto) announceTicketMoved(ctx, before, dto);
    }
    await announceSystemMessages(this.deps, after.id, [row]);
    return true;
  }
}
