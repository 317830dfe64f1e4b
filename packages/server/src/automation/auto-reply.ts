/**
 * Runs the sector menu, greetings and out-of-hours notice (decisions in menu.ts) for each customer
 * message on a ticket nobody attends, at once and in the order the messages arrived: "Olá" gets the
 * menu straight away, and an answer sent right behind it ("1") is read as the answer it is.
 *
 * Messages of one ticket are decided one after another (a queue per ticket); those that arrive while
 * an earlier one is being decided are decided together, in order, in one transaction, and their
 * texts go out as one message (a repeated text once). Before deciding, each message has a
 * recovery time in tickets.auto_reply_due_at — recorded by the statement that stored it
 * (messaging/auto-reply-due.ts), else written here first; the decision clears it (not a later
 * one, of a message stored meanwhile) in the transaction that changes the ticket and writes the
 * text. Should the process stop in between (even right after storing the message), the scheduler
 * finds the ticket once the recovery time has passed and answers its latest message — once,
 * because the reply is claimed by a conditional update.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { MicroBatcher } from '../lib/micro-batcher.js';
import type { DbOrTx } from '../db/client.js';
import { messages, queues, ticketCycles, tickets, whatsappQueues } from '../db/schema.js';
import type { InboundStored } from '../messaging/inbound.js';
import { AUTO_REPLY_RECOVERY_MS, autoReplyDueAt, replyNeed } from '../messaging/auto-reply-due.js';
import { announceTicketArrived } from '../messaging/ticket-arrival.js';
import { announceTicketMoved, recordStory } from '../messaging/ticket-events.js';
import { findConnection } from '../store/connections.js';
import { rollupCycles } from '../store/dashboard-rollups.js';
import { presentTicketById, type TicketRow } from '../store/ticket-present.js';
import type { TicketEventInput } from '../store/ticket-log.js';
import { decideAutoReply, type MenuSector } from './menu.js';
import { announceSystemMessages, enqueueSystemText, joinTexts, type SystemMessageDeps } from './system-messages.js';

export { AUTO_REPLY_RECOVERY_MS };

interface PendingMessage {
  text: string;
  /** Its recovery time, as recorded; null if unknown. */
  due: Date | null;
  /** Resolves once the message was decided (or its decision failed and was logged). */
  done: () => void;
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
      orderQueue: queues.orderQueue,
    })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(eq(whatsappQueues.whatsappId, whatsappId))
    .orderBy(asc(queues.name));
}

/** Moves the running service cycle along with the ticket's sector. */
export async function moveCycleQueue(db: DbOrTx, ticketId: number, queueId: number | null): Promise<void> {
  const running = sql`c.ticket_id = ${ticketId} and c.finished_at is null`;
  await rollupCycles(db, -1, running);
  await db
    .update(ticketCycles)
    .set({ queueId })
    .where(and(eq(ticketCycles.ticketId, ticketId), isNull(ticketCycles.finishedAt)));
  await rollupCycles(db, 1, running);
}

export class AutoReplies {
  /** Customer messages waiting for their decision, per ticket, in arrival order. */
  private pending = new Map<number, PendingMessage[]>();
  /** Tickets whose queue is being worked through right now. */
  private draining = new Set<number>();
  private stopped = false;
  /**
   * Recovery times of messages the store did not record one for (a resend replacing a placeholder),
   * arriving together, are written in one statement.
   */
  private readonly dueWriter: MicroBatcher<{ ticketId: number; due: Date }, void>;
  /** Sector counts of the connections of messages arriving together, read in one statement. */
  private readonly sectorCounts: MicroBatcher<number, number>;

  constructor(private readonly deps: SystemMessageDeps) {
    this.sectorCounts = new MicroBatcher<number, number>(async (ids) => {
      const rows = await this.deps.ctx.db
        .select({ id: whatsappQueues.whatsappId, n: sql<number>`count(*)::int` })
        .from(whatsappQueues)
        .where(inArray(whatsappQueues.whatsappId, [...new Set(ids)]))
        .groupBy(whatsappQueues.whatsappId);
      const byId = new Map(rows.map((r) => [r.id, Number(r.n)]));
      return ids.map((id) => byId.get(id) ?? 0);
    }, 500);
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

  /** Inbound listener: decides the reply to a customer message now, after the ones before it. */
  async onInbound({ connection, ticket, message, connectionSectors, autoReplyDueRecorded }: InboundStored): Promise<void> {
    const need = replyNeed(connection, ticket, message);
    if (need === 'no') return;
    // A sectorless ticket on an always-open connection with no greeting left to send gets no reply,
    // whatever it says (menu.ts), unless there are sectors to offer: spare it the decision's
    // transaction, which under an ingest burst costs more than storing the message. A recovery time
    // recorded by the store already says the connection has sectors.
    if (need === 'if-sectors' && !autoReplyDueRecorded && (connectionSectors ?? (await this.sectorCounts.submit(connection.id))) === 0)
      return;
    const { ctx } = this.deps;
    // The recovery time is in place before the message is queued, so the decision that clears it
    // always comes after it. The writer answers in submission order, which keeps the queue in the
    // order the messages were stored.
    const due = autoReplyDueRecorded ? ticket.autoReplyDueAt : autoReplyDueAt(ctx.clock.now());
    if (!autoReplyDueRecorded) await this.dueWriter.submit({ ticketId: ticket.id, due: due! });
    if (this.stopped) return;
    const decided = new Promise<void>((done) => {
      const queue = this.pending.get(ticket.id) ?? [];
      queue.push({ text: message.body, due, done });
      this.pending.set(ticket.id, queue);
    });
    void this.drain(ticket.id).catch((err: unknown) => ctx.log.error({ err, ticketId: ticket.id }, 'automatic reply queue failed'));
    await decided;
  }

  /** Decides the ticket's waiting messages until none is left; one drain per ticket at a time. */
  private async drain(ticketId: number): Promise<void> {
    if (this.draining.has(ticketId)) return;
    this.draining.add(ticketId);
    try {
      for (;;) {
        const batch = this.pending.get(ticketId) ?? [];
        this.pending.delete(ticketId);
        if (!batch.length) return;
        try {
          const dues = batch.flatMap((m) => (m.due ? [m.due.getTime()] : []));
          await this.decide(
            ticketId,
            batch.map((m) => m.text),
            this.deps.ctx.clock.now(),
            dues.length === batch.length ? new Date(Math.max(...dues)) : null,
          );
        } catch (err) {
          // The recovery time stays set: the scheduler answers the ticket later.
          this.deps.ctx.log.error({ err, ticketId }, 'automatic reply failed');
        } finally {
          for (const m of batch) m.done();
        }
      }
    } finally {
      this.draining.delete(ticketId);
    }
  }

  stop(): void {
    this.stopped = true;
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

  /**
   * Recovery: claims a reply whose message was never decided (the process stopped) and answers the
   * customer's latest message; false when it was not due or already taken.
   */
  async runFor(ticketId: number, now: Date): Promise<boolean> {
    return this.apply(
      ticketId,
      now,
      async (tx, claimed) => {
        const [last] = await tx
          .select({ body: messages.body })
          .from(messages)
          .where(and(eq(messages.ticketId, claimed.id), eq(messages.fromMe, false)))
          .orderBy(desc(messages.createdAt))
          .limit(1);
        return [last?.body ?? ''];
      },
      and(isNotNull(tickets.autoReplyDueAt), lte(tickets.autoReplyDueAt, now)),
    );
  }

  /**
   * Decides `texts` (customer messages, in order) on the ticket as it is, and clears their recovery
   * time (`latestDue`, the latest of theirs; null: whatever is set). A later one, recorded by the
   * store for a message stored meanwhile and not decided yet, stays: should the process stop
   * before deciding that message, the scheduler still answers it.
   * The decision takes the ticket only while that recovery time is still there: a decision that
   * waited longer than AUTO_REPLY_RECOVERY_MS (a backlog, a stalled database) may find the
   * scheduler already answered the customer and took it away, and must not answer a second time.
   */
  private async decide(ticketId: number, texts: string[], now: Date, latestDue: Date | null): Promise<boolean> {
    const due = latestDue ? sql`${latestDue.toISOString()}::timestamptz` : null;
    const cleared = due ? sql`case when ${tickets.autoReplyDueAt} > ${due} then ${tickets.autoReplyDueAt} end` : null;
    const stillOurs = due ? sql`${tickets.autoReplyDueAt} >= ${due}` : undefined;
    return this.apply(ticketId, now, () => Promise.resolve(texts), stillOurs, cleared);
  }

  /**
   * In one transaction: takes the ticket (only when `claim` holds) and sets its recovery time to
   * `cleared` (null by default), decides each text in turn on the ticket as the previous one left
   * it, saves the ticket and writes the texts to send.
   */
  private async apply(
    ticketId: number,
    now: Date,
    textsOf: (tx: DbOrTx, ticket: TicketRow) => Promise<string[]>,
    claim?: SQL,
    cleared: SQL | null = null,
  ): Promise<boolean> {
    const { ctx } = this.deps;
    const timeZone = ctx.settings.timeZone();
    const outcome = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(tickets)
        .set({ autoReplyDueAt: cleared })
        .where(and(eq(tickets.id, ticketId), claim))
        .returning();
      if (!claimed) return null;
      // Accepted, closed or a group meanwhile: nothing automatic to say any more.
      if (claimed.status !== 'pending' || claimed.userId != null || claimed.isGroup) return { before: claimed, after: claimed, row: null };
      const connection = await findConnection(tx, claimed.whatsappId);
      if (!connection) return { before: claimed, after: claimed, row: null };
      const sectors = await connectionSectors(tx, connection.id);
      let state: TicketRow = claimed;
      const replies: string[] = [];
      // Whether the customer was shown the menu, before or during these messages.
      let sawMenu = claimed.chatbot && sectors.length > 1;
      for (const text of await textsOf(tx, claimed)) {
        const decision = decideAutoReply({ ticket: state, connection, sectors, text, now, timeZone });
        if (decision.chatbot && sectors.length > 1) sawMenu = true;
        state = {
          ...state,
          queueId: decision.queueId !== undefined ? decision.queueId : state.queueId,
          chatbot: decision.chatbot ?? state.chatbot,
          outOfHoursNoticeAt: decision.outOfHoursNotice ? now : state.outOfHoursNoticeAt,
        };
        const reply = joinTexts(decision.texts);
        if (reply && reply !== replies.at(-1)) replies.push(reply);
      }
      const patch: Partial<typeof tickets.$inferInsert> = {};
      if (state.queueId !== claimed.queueId) patch.queueId = state.queueId;
      if (state.chatbot !== claimed.chatbot) patch.chatbot = state.chatbot;
      if (state.outOfHoursNoticeAt !== claimed.outOfHoursNoticeAt) patch.outOfHoursNoticeAt = state.outOfHoursNoticeAt;
      let after: TicketRow = claimed;
      if (Object.keys(patch).length) {
        if (patch.queueId !== undefined) patch.updatedAt = now;
        [after] = await tx.update(tickets).set(patch).where(eq(tickets.id, claimed.id)).returning();
        if (patch.queueId !== undefined) await moveCycleQueue(tx, claimed.id, patch.queueId);
      }
      const row = await enqueueSystemText(this.deps, tx, after, joinTexts(replies));
      // The bot's steps in the chat's timeline: the menu shown, the sector the customer chose.
      const steps: TicketEventInput[] = [];
      if (sawMenu && !claimed.chatbot) steps.push({ ticketId: after.id, kind: 'bot-menu', at: now });
      if (after.queueId != null && after.queueId !== claimed.queueId) {
        // A choice in the menu the customer was shown; else the connection's only sector took it.
        steps.push({
          ticketId: after.id,
          kind: sawMenu ? 'bot-sector' : 'directed',
          at: now,
          fromQueueId: claimed.queueId,
          toQueueId: after.queueId,
        });
      }
      const story = await recordStory(ctx, tx, steps);
      return { before: claimed, after, row, story };
    });
    if (!outcome) return false;
    const { before, after, row, story } = outcome;
    story?.(after);
    if (before.queueId !== after.queueId || before.chatbot !== after.chatbot) {
      const dto = await presentTicketById(ctx.db, after.id);
      // Into a sector: its attendants also get the customer's messages so far (before the greeting).
      if (dto && after.queueId != null && after.queueId !== before.queueId) await announceTicketArrived(ctx, before, dto);
      else if (dto) announceTicketMoved(ctx, before, dto);
    }
    await announceSystemMessages(this.deps, after.id, [row]);
    // After the sector's greeting is written, so the customer reads it before the attendant answers.
    if (after.queueId != null && after.queueId !== before.queueId) this.deps.waitingInSector?.(after.queueId);
    return true;
  }
}
