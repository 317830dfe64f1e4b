/**
 * Private notes: text between staff stored with a ticket's messages. A note is never sent to a
 * channel (send_state 'note', which the outbox never claims and a check constraint ties to
 * is_private), never touches the ticket (last message, unread count, times, inactivity), and its
 * `@Name` mentions notify the named users and let them open the ticket.
 */
import { randomUUID } from 'node:crypto';
import { EVENTS, findMentions, type MentionDTO, type MentionEvent, type MessageDTO } from '@switchboard/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { announce } from '../../realtime/announce.js';
import { contacts, messages, ticketMentions, tickets, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { audience } from '../../messaging/ticket-events.js';
import { userRoom } from '../../realtime/rooms.js';
import { presentMessages } from '../../store/message-present.js';
import { presentTicketById } from '../../store/ticket-present.js';
import { loadReadableTicket, userCanSeeTicket } from '../tickets/visibility.js';
import { loadCurrentUser, type CurrentUser } from '../../store/users.js';
import type { TicketRow } from '../../store/ticket-present.js';

const MAX_UNREAD_LISTED = 50;

export class NotesService {
  constructor(private readonly ctx: AppContext) {}

  /** Adds a note (anyone who may read the ticket, including users mentioned on it). */
  async add(actor: CurrentUser, ticketId: number, body: string, idempotencyKey?: string): Promise<MessageDTO> {
    const { ticket, visible } = await loadReadableTicket(this.ctx, actor, ticketId);
    const text = body.trim();
    if (!text) throw new AppError('ERR_VALIDATION', 400, 'Empty message');
    const everyone = await this.ctx.db.select({ id: users.id, name: users.name }).from(users);
    let mentioned = findMentions(text, everyone).filter((u) => u.id !== actor.id);
    // A mention gives access: only a user with their own access to the ticket may give it. One who
    // was only mentioned still notifies those who may see the ticket anyway, and grants nobody.
    if (!visible) mentioned = await this.withOwnAccess(mentioned, ticket);
    const now = this.ctx.clock.now();
    const { row, created } = await this.ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(messages)
        .values({
          id: randomUUID(),
          ticketId: ticket.id,
          whatsappId: ticket.whatsappId,
          userId: actor.id,
          body: text,
          fromMe: true,
          read: true,
          mediaType: 'chat',
          ack: 0,
          sendState: 'note',
          isPrivate: true,
          idempotencyKey: idempotencyKey ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted) {
        // The same key again (double click, retried request): the note that exists.
        const [existing] = await tx
          .select()
          .from(messages)
          .where(and(eq(messages.ticketId, ticket.id), eq(messages.idempotencyKey, idempotencyKey ?? '')));
        if (!existing?.isPrivate) throw new AppError('ERR_VALIDATION', 400, 'Idempotency key already used');
        return { row: existing, created: [] as { id: number; userId: number; createdAt: Date }[] };
      }
      const rows = mentioned.length
        ? await tx
            .insert(ticketMentions)
            .values(
              mentioned.map((u) => ({ ticketId: ticket.id, messageId: inserted.id, userId: u.id, byUserId: actor.id, createdAt: now })),
            )
            .onConflictDoNothing()
            .returning({ id: ticketMentions.id, userId: ticketMentions.userId, createdAt: ticketMentions.createdAt })
        : [];
      return { row: inserted, created: rows };
    });
    const [dto] = await presentMessages(this.ctx.mediaLinks, this.ctx.db, [row]);
    const ticketDto = await presentTicketById(this.ctx.db, ticket.id);
    if (ticketDto) {
      // Whoever may see the ticket, plus every user a note on it has mentioned.
      const rooms = new Set([...audience(this.ctx, ticketDto), ...(await this.mentionedRooms(ticket.id))]);
      announce(this.ctx, [...rooms], EVENTS.appMessage, { action: 'create', message: dto, ticket: ticketDto, contact: ticketDto.contact });
      for (const m of created) {
        const mention: MentionDTO = {
          id: m.id,
          ticketId: ticket.id,
          messageId: row.id,
          body: row.body,
          byUserName: actor.name,
          contactName: ticketDto.contact.name,
          createdAt: m.createdAt.toISOString(),
          read: false,
        };
        announce(this.ctx, userRoom(m.userId), EVENTS.mention, { action: 'create', mention } satisfies MentionEvent);
      }
    }
    return dto;
  }

  /** The actor's unread mentions, newest first. */
  async unread(actor: CurrentUser): Promise<{ mentions: MentionDTO[] }> {
    const rows = await this.ctx.db
      .select({
        id: ticketMentions.id,
        ticketId: ticketMentions.ticketId,
        messageId: ticketMentions.messageId,
        body: messages.body,
        byUserName: users.name,
        contactName: contacts.name,
        createdAt: ticketMentions.createdAt,
      })
      .from(ticketMentions)
      .innerJoin(messages, eq(messages.id, ticketMentions.messageId))
      .innerJoin(tickets, eq(tickets.id, ticketMentions.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .leftJoin(users, eq(users.id, ticketMentions.byUserId))
      .where(and(eq(ticketMentions.userId, actor.id), isNull(ticketMentions.readAt)))
      .orderBy(desc(ticketMentions.createdAt), desc(ticketMentions.id))
      .limit(MAX_UNREAD_LISTED);
    return { mentions: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), read: false })) };
  }

  /** Opening the ticket reads the user's mentions on it (their other tabs drop them too). */
  async markRead(userId: number, ticketId: number): Promise<void> {
    const read = await this.ctx.db
      .update(ticketMentions)
      .set({ readAt: this.ctx.clock.now() })
      .where(and(eq(ticketMentions.userId, userId), eq(ticketMentions.ticketId, ticketId), isNull(ticketMentions.readAt)))
      .returning({ id: ticketMentions.id });
    if (read.length) announce(this.ctx, userRoom(userId), EVENTS.mention, { action: 'read', ticketId } satisfies MentionEvent);
  }

  private async withOwnAccess<U extends { id: number }>(candidates: U[], ticket: TicketRow): Promise<U[]> {
    const kept: U[] = [];
    for (const u of candidates) {
      const user = await loadCurrentUser(this.ctx.db, u.id);
      if (user && userCanSeeTicket(this.ctx, user, ticket)) kept.push(u);
    }
    return kept;
  }

  private async mentionedRooms(ticketId: number): Promise<string[]> {
    const rows = await this.ctx.db
      .selectDistinct({ userId: ticketMentions.userId })
      .from(ticketMentions)
      .where(eq(ticketMentions.ticketId, ticketId));
    return rows.map((r) => userRoom(r.userId));
  }
}
