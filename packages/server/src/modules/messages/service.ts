/**
 * Messages of a ticket: the paged history (honouring allHistoric), sending through the outbox,
 * deleting for everyone, and the media behind a message — each only for users who may see the
 * ticket.
 */
import { isAdmin, MESSAGES_PAGE_SIZE, ticketScope, type MessageDTO, type SendMessageInput, type TicketDTO } from '@switchboard/shared';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { ChannelManager } from '../../channels/manager.js';
import { ChannelError } from '../../channels/driver.js';
import type { AppContext } from '../../context.js';
import { contacts, messages, tickets, users } from '../../db/schema.js';
import { afterCommit } from '../../lib/after-commit.js';
import { AppError } from '../../lib/app-error.js';
import type { MediaStore, StoredMedia } from '../../lib/media-store.js';
import type { Outbox } from '../../messaging/outbox.js';
import { storeAsVoiceNote } from '../../messaging/voice-upload.js';
import { announceMessage, announceUnreadReset } from '../../messaging/ticket-events.js';
import type { CurrentUser } from '../../store/users.js';
import { presentTicketById, presentTickets } from '../../store/ticket-present.js';
import { scopeFilter } from '../tickets/list-query.js';
import { loadReadableTicket, loadVisibleTicket } from '../tickets/visibility.js';
import { renderForTicket } from '../../automation/variables.js';
import { presentMessages, type MessageRow } from '../../store/message-present.js';
import type { TicketRow } from '../../messaging/store-batch.js';
import type { NotesService } from '../notes/service.js';

export interface MessagesPage {
  messages: MessageDTO[];
  ticket: TicketDTO;
  count: number;
  hasMore: boolean;
}


export class MessagesService {
  /** Channel rules a free-form send must meet (the Cloud API's 24-hour window); throws to refuse. */
  beforeSend: ((ticket: TicketRow) => Promise<void>) | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly channels: ChannelManager,
    private readonly outbox: Outbox,
    private readonly media: MediaStore,
    private readonly notes: NotesService,
  ) {}

  /**
   * A page of messages, newest page first; within the page oldest first (the chat reads down).
   * Independent reads go out together (ticket ∥ user, page ∥ count, messages ∥ ticket presentation):
   * the answer costs four round trips to the database, not eight, which is what its tail latency
   * follows on a busy database.
   */
  async list(actor: CurrentUser, ticketId: number, pageNumber: number): Promise<MessagesPage> {
    // Users mentioned in a note on the ticket may read it too (docs/decisions.md, "Mentions").
    const [{ ticket, visible }, [me]] = await Promise.all([
      loadReadableTicket(this.ctx, actor, ticketId),
      this.ctx.db.select({ allHistoric: users.allHistoric }).from(users).where(eq(users.id, actor.id)),
    ]);
    // With allHistoric the chat shows the contact's earlier tickets on this connection too, but
    // only those the user may see (docs/decisions.md): history never reveals another sector's text.
    const scope = ticketScope(actor, { allTicket: this.ctx.settings.isEnabled('allTicket') });
    // The open ticket itself is always shown (a mentioned reader may read it outside their scope).
    // The tickets are found first (by contact, indexed), then their messages by ticket id: one
    // `ticket_id = … or ticket_id in (subquery)` condition cannot use the messages index and reads
    // every message of the database.
    const ticketIds = me?.allHistoric
      ? [
          ticket.id,
          ...(
            await this.ctx.db
              .select({ id: tickets.id })
              .from(tickets)
              .where(and(eq(tickets.contactId, ticket.contactId), eq(tickets.whatsappId, ticket.whatsappId), scopeFilter(scope)))
          )
            .map((t) => t.id)
            .filter((id) => id !== ticket.id),
        ]
      : [ticket.id];
    const where = ticketIds.length === 1 ? eq(messages.ticketId, ticket.id) : inArray(messages.ticketId, ticketIds);
    const offset = (pageNumber - 1) * MESSAGES_PAGE_SIZE;
    const [rows, [{ total }]] = await Promise.all([
      this.ctx.db
        .select()
        .from(messages)
        .where(where)
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(MESSAGES_PAGE_SIZE)
        .offset(offset),
      this.ctx.db.select({ total: count() }).from(messages).where(where),
    ]);
    // Reading the chat marks it read; a page is still an answer when that write fails (logged).
    // The customer's unread count belongs to those who answer; a mentioned reader only reads the mention.
    const markedRead = pageNumber === 1 && visible && ticket.unreadMessages > 0;
    if (markedRead) await afterCommit(this.ctx.log, 'mark ticket read', { ticketId: ticket.id }, () => this.markRead(ticket.id));
    if (pageNumber === 1) await this.notes.markRead(actor.id, ticket.id);
    const [presented, [shown]] = await Promise.all([
      presentMessages(this.ctx.db, rows.reverse()),
      // The row read above, as markRead left it (it changes nothing else).
      presentTickets(this.ctx.db, [markedRead ? { ...ticket, unreadMessages: 0 } : ticket]),
    ]);
    return { messages: presented, ticket: shown, count: total, hasMore: offset + rows.length < total };
  }

  /** Resets the unread count and tells the channel the chat was read. */
  async markRead(ticketId: number): Promise<void> {
    const [row] = await this.ctx.db.update(tickets).set({ unreadMessages: 0 }).where(eq(tickets.id, ticketId)).returning();
    if (!row) return;
    const unread = await this.ctx.db
      .update(messages)
      .set({ read: true })
      .where(and(eq(messages.ticketId, ticketId), eq(messages.read, false)))
      .returning({ externalId: messages.externalId, fromMe: messages.fromMe });
    announceUnreadReset(this.ctx, row);
    // Read receipts name each message (WhatsApp has no "whole chat read" receipt).
    const externalIds = unread.filter((m) => !m.fromMe && m.externalId).map((m) => m.externalId!);
    const driver = this.channels.connected(row.whatsappId);
    if (driver && externalIds.length > 0) {
      const [c] = await this.ctx.db.select().from(contacts).where(eq(contacts.id, row.contactId));
      if (c) {
        await driver
          .markRead({ id: c.number, isGroup: c.isGroup }, externalIds)
          .catch((err) => this.ctx.log.warn({ err, ticketId }, 'read receipts not sent'));
      }
    }
  }

  /**
   * Refuses before anything is read from an upload: the ticket must exist, be visible to the actor
   * and not be closed.
   */
  async assertCanSend(actor: CurrentUser, ticketId: number): Promise<void> {
    const ticket = await loadVisibleTicket(this.ctx, actor, ticketId);
    if (ticket.status === 'closed') throw new AppError('ERR_CREATING_MESSAGE', 400, 'The ticket is closed');
    await this.beforeSend?.(ticket);
  }

  /** `stored`: files already in the media store (uploaded by the route), sent in order. */
  async send(actor: CurrentUser, ticketId: number, input: SendMessageInput, stored: StoredMedia[] = []): Promise<MessageDTO[]> {
    const ticket = await loadVisibleTicket(this.ctx, actor, ticketId);
    if (ticket.status === 'closed') throw new AppError('ERR_CREATING_MESSAGE', 400, 'The ticket is closed');
    await this.beforeSend?.(ticket);
    const typed = input.body.trim();
    if (!typed && stored.length === 0) throw new AppError('ERR_VALIDATION', 400, 'Empty message');
    // Message variables ({{name}}, {{ms}} …, quick answers included) are rendered for the customer.
    const body = await renderForTicket(this.ctx.db, ticket, typed, this.ctx.clock.now(), this.ctx.settings.timeZone(), actor.id);
    let quotedMsgId: string | null = null;
    if (input.quotedMsg) {
      const [q] = await this.ctx.db
        .select({ id: messages.id, isPrivate: messages.isPrivate })
        .from(messages)
        .where(eq(messages.id, input.quotedMsg));
      // A reply to the customer never quotes a private note.
      quotedMsgId = q && !q.isPrivate ? q.id : null;
    }

    if (input.voiceNote) stored = await Promise.all(stored.map((recording) => storeAsVoiceNote(this.media, recording)));

    const parts = stored.length ? stored.map((m, i) => ({ media: m, body: i === 0 ? body : '' })) : [{ media: undefined, body }];
    // Every part of one send is stored, and presented, in one transaction: an error answer means
    // nothing was queued, never that some files go out after the sender was told it failed.
    const { dtos, ticketDto } = await this.ctx.db.transaction(async (tx) => {
      const rows: MessageRow[] = [];
      for (const [i, part] of parts.entries()) {
        const key = input.idempotencyKey ? `${input.idempotencyKey}:${i}` : undefined;
        const { row } = await this.outbox.enqueue(
          { ticket, body: part.body, media: part.media, quotedMsgId: i === 0 ? quotedMsgId : null, userId: actor.id, idempotencyKey: key },
          tx,
        );
        rows.push(row);
      }
      return { dtos: await presentMessages(tx, rows), ticketDto: (await presentTicketById(tx, ticket.id))! };
    });
    for (const dto of dtos) announceMessage(this.ctx, 'create', dto, ticketDto);
    void this.outbox.kick(ticket.whatsappId);
    return dtos;
  }

  /** Deletes one of our messages for everyone (ERR_DELETE_WAPP_MSG when the channel refuses). */
  async deleteForEveryone(actor: CurrentUser, messageId: string): Promise<MessageDTO> {
    const row = await this.visibleMessage(actor, messageId, 'see');
    if (!row.fromMe) throw new AppError('ERR_DELETE_WAPP_MSG', 400, 'Only our own messages can be deleted');
    // A private note is its author's (or an admin's) to withdraw.
    if (row.isPrivate && row.userId !== actor.id && !isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION', 403);
    if (row.isDeleted) return (await presentMessages(this.ctx.db, [row]))[0];
    // Stored first: once the customer's phone has dropped the message, a failing write could no
    // longer be answered truthfully. A refusal by the channel puts the row back as it was.
    // A message still waiting in the outbox is simply never sent.
    const [updated] = await this.ctx.db
      .update(messages)
      .set({ isDeleted: true, sendState: row.sendState === 'pending' ? 'failed' : row.sendState, updatedAt: this.ctx.clock.now() })
      .where(eq(messages.id, row.id))
      .returning();
    if (row.sendState === 'sent' && row.externalId) {
      try {
        const [c] = await this.ctx.db
          .select({ number: contacts.number, isGroup: contacts.isGroup })
          .from(tickets)
          .innerJoin(contacts, eq(contacts.id, tickets.contactId))
          .where(eq(tickets.id, row.ticketId));
        const driver = this.channels.require(row.whatsappId ?? -1);
        await driver.deleteForEveryone({ id: c.number, isGroup: c.isGroup }, row.externalId, true);
      } catch (err) {
        await afterCommit(this.ctx.log, 'undo delete mark', { messageId: row.id }, () =>
          this.ctx.db.update(messages).set({ isDeleted: row.isDeleted, sendState: row.sendState, updatedAt: row.updatedAt }).where(eq(messages.id, row.id)),
        );
        if (err instanceof ChannelError || err instanceof Error) throw new AppError('ERR_DELETE_WAPP_MSG', 400);
        throw err;
      }
    }
    const [dto] = await presentMessages(this.ctx.db, [updated]);
    const ticketDto = await presentTicketById(this.ctx.db, row.ticketId);
    if (ticketDto) announceMessage(this.ctx, 'update', dto, ticketDto);
    return dto;
  }

  /** The stored file behind a message, for a user who may see its ticket. */
  async mediaOf(actor: CurrentUser, messageId: string): Promise<{ path: string; mime: string; name: string; inline: boolean }> {
    const row = await this.visibleMessage(actor, messageId);
    if (!row.mediaPath) throw new AppError('ERR_NOT_FOUND', 404);
    const mime = row.mediaMime ?? 'application/octet-stream';
    const inline = /^(image|audio|video)\//.test(mime) && mime !== 'image/svg+xml';
    return { path: row.mediaPath, mime, name: row.mediaName ?? 'file', inline };
  }

  /** `read`: users mentioned on the ticket too; `see`: only those who may see (and act on) the ticket. */
  private async visibleMessage(actor: CurrentUser, messageId: string, access: 'read' | 'see' = 'read'): Promise<MessageRow> {
    const [row] = await this.ctx.db.select().from(messages).where(eq(messages.id, messageId));
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    if (access === 'see') await loadVisibleTicket(this.ctx, actor, row.ticketId);
    else await loadReadableTicket(this.ctx, actor, row.ticketId);
    return row;
  }
}
