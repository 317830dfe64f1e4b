/**
 * Scheduled messages: a user writes a message in a chat to go out later, once or repeating (daily,
 * weekly, monthly until a day), at a wall time of the company's time zone. When due, the scheduler
 * job (which runs on the lease holder) queues it to the outbox, which delivers it like any reply.
 *
 * Exactly once: a due row is locked (FOR UPDATE SKIP LOCKED) and moved to its next occurrence in
 * the same transaction that writes the outbox row, whose idempotency key names the occurrence. A
 * second process finds the row locked or already moved on; a crash before the commit leaves both
 * undone, after it both done. The outbox then sends each row once across restarts.
 *
 * A send that cannot be queued when due (the ticket was closed, the Cloud API's 24-hour window is
 * shut) is never dropped silently: the schedule stops as `failed` with the reason, shown in the
 * chat's list and on the calendar, until someone edits it.
 */
import {
  EVENTS,
  fromLocalDateTime,
  allowed,
  nthLocalOccurrence,
  occurrenceWithinEnd,
  SCHEDULE_MESSAGES,
  ticketScope,
  toLocalDateTime,
  type ErrorCode,
  type Recurrence,
  type ScheduledCalendarDTO,
  type ScheduledCalendarQuery,
  type ScheduledMessageDTO,
  type ScheduledMessageSaveInput,
  type ScheduledStatus,
} from '@switchboard/shared';
import { and, asc, eq, gte, inArray, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { contacts, scheduledMessages, tickets, users, type StoredMediaRef } from '../../db/schema.js';
import { presentAttachment, releaseAttachment } from '../../http/attachment-upload.js';
import type { MediaStore } from '../../lib/media-store.js';
import { AppError } from '../../lib/app-error.js';
import type { Outbox } from '../../messaging/outbox.js';
import { announceMessage, audience } from '../../messaging/ticket-events.js';
import { announce } from '../../realtime/announce.js';
import { renderForTicket } from '../../automation/variables.js';
import { presentMessages, type MessageRow } from '../../store/message-present.js';
import { presentTicketById, type TicketRow } from '../../store/ticket-present.js';
import type { CurrentUser } from '../../store/users.js';
import { scopeFilter } from '../tickets/list-query.js';
import { loadTicketFor, ticketFacts } from '../tickets/visibility.js';

type ScheduledRow = typeof scheduledMessages.$inferSelect;

/** Rows queued per scheduler tick: a backlog after downtime drains over a few ticks. */
const DUE_PER_TICK = 100;

const notFound = () => new AppError('ERR_NOT_FOUND', 404, 'Scheduled message not found');

export class ScheduledMessagesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly outbox: Outbox,
    /** Where attached files are kept (the chat uploads' store). */
    private readonly media: MediaStore,
    /** Channel rules a free-form send must meet when it goes (the Cloud API's window); throws to refuse. */
    private readonly beforeSend: (ticket: TicketRow) => Promise<void>,
  ) {}

  // ── Who may do what: the ticket.schedule rule (shared access/policy.ts) ──────────────────────
  // A user manages the scheduled messages of the tickets they may see: attendants those of their
  // own and their sectors' tickets, admins all. Someone who loses sight of a ticket (it was
  // transferred away) no longer sees or changes what is scheduled on it.

  private async manageable(actor: CurrentUser, id: number): Promise<{ row: ScheduledRow; ticket: TicketRow }> {
    const [found] = await this.ctx.db
      .select({ row: scheduledMessages, ticket: tickets })
      .from(scheduledMessages)
      .innerJoin(tickets, eq(tickets.id, scheduledMessages.ticketId))
      .where(eq(scheduledMessages.id, id));
    // No existence leak: a message on a ticket the actor may not schedule on is "not found".
    if (!found || !allowed(actor, 'ticket.schedule', ticketFacts(this.ctx, found.ticket))) throw notFound();
    return found;
  }

  private visibleTicketsFilter(actor: CurrentUser) {
    return scopeFilter(ticketScope(actor, { allTicket: this.ctx.settings.isEnabled('allTicket') }));
  }

  // ── Reading ────────────────────────────────────────────────────────────────────────────────

  /** The chat's list: what is still to go first (soonest first), then what went or failed. Cancelled ones are left out. */
  async listForTicket(actor: CurrentUser, ticketId: number): Promise<ScheduledMessageDTO[]> {
    await loadTicketFor(this.ctx, actor, ticketId, 'ticket.schedule');
    const rows = await this.ctx.db
      .select()
      .from(scheduledMessages)
      .where(and(eq(scheduledMessages.ticketId, ticketId), ne(scheduledMessages.status, 'cancelled')))
      .orderBy(sql`${scheduledMessages.status} = 'scheduled' desc`, asc(scheduledMessages.nextAt));
    return this.present(this.ctx.db, rows);
  }

  /** Every send between two days of the company's calendar, on the tickets the actor may see. */
  async calendar(actor: CurrentUser, query: ScheduledCalendarQuery): Promise<ScheduledCalendarDTO> {
    const timeZone = this.ctx.settings.timeZone();
    const start = fromLocalDateTime(`${query.from}T00:00`, timeZone);
    const end = fromLocalDateTime(`${nextDay(query.to)}T00:00`, timeZone);
    const rows = await this.ctx.db
      .select({ row: scheduledMessages })
      .from(scheduledMessages)
      .innerJoin(tickets, eq(tickets.id, scheduledMessages.ticketId))
      .where(
        and(
          this.visibleTicketsFilter(actor),
          or(
            // Still to go: from its next send on, some may fall within the days.
            and(eq(scheduledMessages.status, 'scheduled'), lte(scheduledMessages.nextAt, end)),
            // Sent or failed: shown on the day of its last (or failed) send.
            and(
              inArray(scheduledMessages.status, ['done', 'failed']),
              gte(scheduledMessages.nextAt, start),
              lte(scheduledMessages.nextAt, end),
            ),
          ),
        ),
      )
      .orderBy(asc(scheduledMessages.nextAt))
      .limit(1000);
    const occurrences: ScheduledCalendarDTO['occurrences'] = [];
    for (const { row } of rows) {
      if (row.status !== 'scheduled') {
        occurrences.push({ scheduledMessageId: row.id, localAt: toLocalDateTime(row.nextAt, row.timeZone), at: row.nextAt.toISOString() });
        continue;
      }
      for (let n = row.occurrence; ; n++) {
        const local = nthLocalOccurrence(row.startAt, row.recurrence as Recurrence, n);
        if (!occurrenceWithinEnd(local, row.recurrence as Recurrence, n, row.until)) break;
        const at = fromLocalDateTime(local, row.timeZone);
        if (at >= end) break;
        if (at >= start) occurrences.push({ scheduledMessageId: row.id, localAt: toLocalDateTime(at, timeZone), at: at.toISOString() });
      }
    }
    occurrences.sort((a, b) => a.at.localeCompare(b.at));
    return {
      timeZone,
      scheduledMessages: await this.present(
        this.ctx.db,
        rows.map((r) => r.row),
      ),
      occurrences,
    };
  }

  // ── Changing ───────────────────────────────────────────────────────────────────────────────

  async create(actor: CurrentUser, ticketId: number, input: ScheduledMessageSaveInput): Promise<ScheduledMessageDTO> {
    const ticket = await loadTicketFor(this.ctx, actor, ticketId, 'ticket.schedule');
    if (ticket.status === 'closed') throw new AppError('ERR_CREATING_MESSAGE', 400, 'The ticket is closed');
    const timing = this.timingOf(input);
    const now = this.ctx.clock.now();
    const [row] = await this.ctx.db
      .insert(scheduledMessages)
      .values({
        ticketId,
        userId: actor.id,
        body: input.body,
        ...timing,
        occurrence: 0,
        status: 'scheduled',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return this.announce('create', row, ticket);
  }

  /** Rewrites what and when; a failed one is scheduled again. Sent-out and cancelled ones stay as they are. */
  async update(actor: CurrentUser, id: number, input: ScheduledMessageSaveInput): Promise<ScheduledMessageDTO> {
    const { ticket } = await this.manageable(actor, id);
    const timing = this.timingOf(input);
    // Conditional: a send the job claims meanwhile is not overwritten by an edit made before it.
    const [row] = await this.ctx.db
      .update(scheduledMessages)
      .set({ body: input.body, ...timing, occurrence: 0, status: 'scheduled', lastError: null, updatedAt: this.ctx.clock.now() })
      .where(and(eq(scheduledMessages.id, id), inArray(scheduledMessages.status, ['scheduled', 'failed'])))
      .returning();
    if (!row) throw new AppError('ERR_SCHEDULE_NOT_PENDING', 409);
    return this.announce('update', row, ticket);
  }

  async cancel(actor: CurrentUser, id: number): Promise<ScheduledMessageDTO> {
    const { ticket } = await this.manageable(actor, id);
    const [row] = await this.ctx.db
      .update(scheduledMessages)
      .set({ status: 'cancelled', updatedAt: this.ctx.clock.now() })
      .where(and(eq(scheduledMessages.id, id), inArray(scheduledMessages.status, ['scheduled', 'failed'])))
      .returning();
    if (!row) throw new AppError('ERR_SCHEDULE_NOT_PENDING', 409);
    // Its file is kept only if an earlier occurrence sent it.
    await releaseAttachment(this.ctx.db, this.media, row.media);
    return this.announce('update', row, ticket);
  }

  // ── Its file ───────────────────────────────────────────────────────────────────────────────

  /** Refuses before an upload is read: a message the actor may not manage, or one no longer to send. */
  async assertCanAttach(actor: CurrentUser, id: number): Promise<void> {
    const { row } = await this.manageable(actor, id);
    if (row.status !== 'scheduled' && row.status !== 'failed') throw new AppError('ERR_SCHEDULE_NOT_PENDING', 409);
  }

  /** Sends `file` with the text (its caption) from the next send on; replaces the file it had; null removes it. */
  async attach(actor: CurrentUser, id: number, file: StoredMediaRef | null): Promise<ScheduledMessageDTO> {
    const { row: before, ticket } = await this.manageable(actor, id);
    // Conditional, like an edit: a send the job claims meanwhile keeps what it read.
    const [row] = await this.ctx.db
      .update(scheduledMessages)
      .set({ media: file, updatedAt: this.ctx.clock.now() })
      .where(and(eq(scheduledMessages.id, id), inArray(scheduledMessages.status, ['scheduled', 'failed'])))
      .returning();
    if (!row) throw new AppError('ERR_SCHEDULE_NOT_PENDING', 409);
    await releaseAttachment(this.ctx.db, this.media, before.media);
    return this.announce('update', row, ticket);
  }

  /** The stored timing of a form: its wall time in the company's zone, which must still be ahead. */
  private timingOf(input: ScheduledMessageSaveInput) {
    const timeZone = this.ctx.settings.timeZone();
    const nextAt = fromLocalDateTime(input.sendAt, timeZone);
    if (nextAt.getTime() <= this.ctx.clock.now().getTime()) throw new AppError('ERR_VALIDATION', 400, SCHEDULE_MESSAGES.inPast);
    const recurrence: Recurrence = input.recurrence;
    return { startAt: input.sendAt, timeZone, recurrence, until: recurrence === 'none' ? null : input.until, nextAt };
  }

  // ── Sending (the scheduler job) ────────────────────────────────────────────────────────────

  /** Queues what is due at `now`; returns how many sends were queued. */
  async runDue(now: Date): Promise<number> {
    let queued = 0;
    // Rows another process holds right now are left to it for this tick.
    const held = new Set<number>();
    for (let i = 0; i < DUE_PER_TICK; i++) {
      const [candidate] = await this.ctx.db
        .select({ id: scheduledMessages.id, ticketId: scheduledMessages.ticketId })
        .from(scheduledMessages)
        .where(
          and(
            eq(scheduledMessages.status, 'scheduled'),
            lte(scheduledMessages.nextAt, now),
            held.size ? notInArray(scheduledMessages.id, [...held]) : undefined,
          ),
        )
        .orderBy(asc(scheduledMessages.nextAt), asc(scheduledMessages.id))
        .limit(1);
      if (!candidate) break;
      // The channel's rules are read before the transaction (they read through their own
      // connection); the ticket's state is read again under its lock.
      const [ticket] = await this.ctx.db.select().from(tickets).where(eq(tickets.id, candidate.ticketId));
      const refusal = ticket ? await this.refusalOf(ticket) : null;
      const outcome = await this.sendDue(candidate.id, refusal, now);
      if (!outcome) {
        held.add(candidate.id);
        continue;
      }
      if (outcome.message) queued += 1;
      await this.afterSend(outcome);
    }
    return queued;
  }

  /** Claims one due row and queues its send, in one transaction; null when it is not (or no longer) due here. */
  private async sendDue(
    id: number,
    refusal: ErrorCode | null,
    now: Date,
  ): Promise<{ row: ScheduledRow; ticket: TicketRow; message: MessageRow | null } | null> {
    return this.ctx.db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(scheduledMessages)
        .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.status, 'scheduled'), lte(scheduledMessages.nextAt, now)))
        .for('update', { skipLocked: true });
      if (!due) return null;
      // Locked too: the unread count is kept as it was (below) against a customer's message arriving meanwhile.
      const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, due.ticketId)).for('update');
      const reason: ErrorCode | null = ticket.status === 'closed' ? 'ERR_SCHEDULE_TICKET_CLOSED' : refusal;
      let message: MessageRow | null = null;
      if (!reason) {
        // The wall time the message was scheduled in, in the company's language.
        const body = await renderForTicket(
          tx,
          ticket,
          due.body,
          now,
          { ...this.ctx.settings.textLocale(), timeZone: due.timeZone },
          due.userId ?? undefined,
        );
        ({ row: message } = await this.outbox.enqueue(
          // Every occurrence sends the same stored file (never copied).
          { ticket, body, media: due.media ?? undefined, userId: due.userId, idempotencyKey: `scheduled:${due.id}:${due.occurrence}` },
          tx,
        ));
        // Sent in the user's absence: the customer's unread messages stay unread for the team.
        if (ticket.unreadMessages > 0)
          await tx.update(tickets).set({ unreadMessages: ticket.unreadMessages }).where(eq(tickets.id, ticket.id));
      }
      const next = reason ? null : nextOccurrence(due, now);
      const status: ScheduledStatus = reason ? 'failed' : next ? 'scheduled' : 'done';
      const [row] = await tx
        .update(scheduledMessages)
        .set({
          status,
          lastError: reason,
          occurrence: next ? next.n : due.occurrence,
          nextAt: next ? next.at : due.nextAt,
          sentCount: reason ? due.sentCount : due.sentCount + 1,
          updatedAt: now,
        })
        .where(
          and(
            eq(scheduledMessages.id, due.id),
            eq(scheduledMessages.occurrence, due.occurrence),
            eq(scheduledMessages.status, 'scheduled'),
          ),
        )
        .returning();
      // The row is locked by this transaction: the guard above cannot miss, and if it ever did the
      // message must not commit without the claim.
      if (!row) throw new Error(`scheduled message ${due.id} changed under its lock`);
      return { row, ticket, message };
    });
  }

  /** Why a free-form message cannot be queued on the ticket now; null when it can. */
  private async refusalOf(ticket: TicketRow): Promise<ErrorCode | null> {
    if (ticket.status === 'closed') return 'ERR_SCHEDULE_TICKET_CLOSED';
    try {
      await this.beforeSend(ticket);
      return null;
    } catch (err) {
      if (err instanceof AppError) return err.code;
      throw err;
    }
  }

  private async afterSend({ row, ticket, message }: { row: ScheduledRow; ticket: TicketRow; message: MessageRow | null }): Promise<void> {
    if (message) {
      const ticketDto = await presentTicketById(this.ctx.db, ticket.id);
      const [dto] = await presentMessages(this.ctx.mediaLinks, this.ctx.db, [message]);
      if (ticketDto) announceMessage(this.ctx, 'create', dto, ticketDto);
      void this.outbox.kick(ticket.whatsappId);
    } else {
      this.ctx.log.warn({ scheduledMessageId: row.id, reason: row.lastError }, 'scheduled message not sent');
    }
    await this.announce('update', row, ticket);
  }

  // ── Presenting ─────────────────────────────────────────────────────────────────────────────

  private async announce(
    action: 'create' | 'update',
    row: ScheduledRow,
    ticket: Pick<TicketRow, 'userId' | 'queueId'>,
  ): Promise<ScheduledMessageDTO> {
    const [dto] = await this.present(this.ctx.db, [row]);
    announce(this.ctx, audience(this.ctx, ticket), EVENTS.scheduledMessage, { action, scheduledMessage: dto });
    return dto;
  }

  private async present(db: DbOrTx, rows: ScheduledRow[]): Promise<ScheduledMessageDTO[]> {
    if (rows.length === 0) return [];
    const ticketIds = [...new Set(rows.map((r) => r.ticketId))];
    const userIds = [...new Set(rows.map((r) => r.userId).filter((id): id is number => id != null))];
    const [people, authors] = await Promise.all([
      db
        .select({ ticketId: tickets.id, id: contacts.id, name: contacts.name, number: contacts.number })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(inArray(tickets.id, ticketIds)),
      userIds.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)) : Promise.resolve([]),
    ]);
    const contactOf = new Map(people.map((p) => [p.ticketId, { id: p.id, name: p.name, number: p.number }]));
    const userOf = new Map(authors.map((u) => [u.id, u]));
    return rows.map((r) => ({
      id: r.id,
      ticketId: r.ticketId,
      contact: contactOf.get(r.ticketId) ?? { id: 0, name: '', number: '' },
      user: r.userId != null ? (userOf.get(r.userId) ?? null) : null,
      body: r.body,
      media: presentAttachment(r.media),
      startAt: r.startAt,
      recurrence: r.recurrence as Recurrence,
      until: r.until,
      timeZone: r.timeZone,
      nextAt: r.nextAt.toISOString(),
      nextLocalAt: toLocalDateTime(r.nextAt, r.timeZone),
      status: r.status as ScheduledStatus,
      lastError: r.lastError,
      sentCount: r.sentCount,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
  }
}

/**
 * The occurrence after the one just sent that is still ahead of `now`; null when the recurrence
 * has ended. Occurrences missed while no server ran are skipped, not sent in a burst: the one
 * just sent stands for them.
 */
export function nextOccurrence(
  row: Pick<ScheduledRow, 'startAt' | 'recurrence' | 'until' | 'occurrence' | 'timeZone'>,
  now: Date,
): { n: number; at: Date } | null {
  const recurrence = row.recurrence as Recurrence;
  for (let n = row.occurrence + 1; ; n++) {
    const local = nthLocalOccurrence(row.startAt, recurrence, n);
    if (!occurrenceWithinEnd(local, recurrence, n, row.until)) return null;
    const at = fromLocalDateTime(local, row.timeZone);
    if (at > now) return { n, at };
  }
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
