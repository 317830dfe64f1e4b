/**
 * Messages of a ticket: the paged history (honouring allHistoric), sending through the outbox,
 * deleting for everyone, and the media behind a message — each only for users who may see the
 * ticket.
 */
import { MESSAGES_PAGE_SIZE, ticketScope, type MessageDTO, type SendMessageInput, type TicketDTO } from '@switchboard/shared';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { ChannelManager } from '../../channels/manager.js';
import { ChannelError } from '../../channels/driver.js';
import type { AppContext } from '../../context.js';
import { contacts, messages, tickets, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { MediaStore, StoredMedia } from '../../messaging/media-store.js';
import type { Outbox } from '../../messaging/outbox.js';
import { storeAsVoiceNote } from '../../messaging/voice-upload.js';
import { announceMessage, announceUnreadReset } from '../../messaging/ticket-events.js';
import type { CurrentUser } from '../users/repository.js';
import { presentTicketById, presentTickets } from '../tickets/present.js';
import { scopeFilter } from '../tickets/list-query.js';
import { loadVisibleTicket } from '../tickets/visibility.js';
import { renderForTicket } from '../../automation/variables.js';
import { presentMessages, type MessageRow } from './present.js';

export interface MessagesPage {
  messages: MessageDTO[];
  ticket: TicketDTO;
  count: number;
  hasMore: boolean;
}


export class MessagesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly channels: ChannelManager,
    private readonly outbox: Outbox,
    private readonly media: MediaStore,
  ) {}

  /**
   * A page of messages, newest page first; within the page oldest first (the chat reads down).
   * Independent reads go out together (ticket ∥ user, page ∥ count, messages ∥ ticket presentation):
   * the answer costs four round trips to the database, not eight, which is what its tail latency
   * follows on a busy database.
   */
  async list(actor: CurrentUser, ticketId: number, pageNumber: number): Promise<MessagesPage> {
    const [ticket, [me]] = await Promise.all([
      loadVisibleTicket(this.ctx, actor, ticketId),
      this.ctx.db.select({ allHistoric: users.allHistoric }).from(users).where(eq(users.id, actor.id)),
    ]);
    // With allHistoric the chat shows the contact's earlier tickets on this connection too, but
    // only those the user may see (docs/decisions.md): history never reveals another sector's text.
    const scope = ticketScope(actor, { allTicket: this.ctx.settings.isEnabled('allTicket') });
    const where = me?.allHistoric
      ? inArray(
          messages.ticketId,
          this.ctx.db
            .select({ id: tickets.id })
            .from(tickets)
            .where(and(eq(tickets.contactId, ticket.contactId), eq(tickets.whatsappId, ticket.whatsappId), scopeFilter(scope))),
        )
      : eq(messages.ticketId, ticket.id);
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
    const markedRead = pageNumber === 1 && ticket.unreadMessages > 0;
    if (markedRead) await this.markRead(ticket.id);
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
  }

  /** `stored`: files already in the media store (uploaded by the route), sent in order. */
  async send(actor: CurrentUser, ticketId: number, input: SendMessageInput, stored: StoredMedia[] = []): Promise<MessageDTO[]> {
    const ticket = await loadVisibleTicket(this.ctx, actor, ticketId);
    if (ticket.status === 'closed') throw new AppError('ERR_CREATING_MESSAGE', 400, 'The ticket is closed');
    const typed = input.body.trim();
    if (!typed && stored.length === 0) throw new AppError('ERR_VALIDATION', 400, 'Empty message');
    // Message variables ({{name}}, {{ms}} …, quick answers included) are rendered for the customer.
    const body = await renderForTicket(this.ctx.db, ticket, typed, this.ctx.clock.now(), this.ctx.settings.timeZone(), actor.id);
    let quotedMsgId: string | null = null;
    if (input.quotedMsg) {
      const [q] = await this.ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.id, input.quotedMsg));
      quotedMsgId = q?.id ?? null;
    }

    if (input.voiceNote) stored = await Promise.all(stored.map((recording) => storeAsVoiceNote(this.media, recording)));

    const rows: MessageRow[] = [];
    const parts = stored.length ? stored.map((m, i) => ({ media: m, body: i === 0 ? body : '' })) : [{ media: undefined, body }];
    for (const [i, part] of parts.entries()) {
      const key = input.idempotencyKey ? `${input.idempotencyKey}:${i}` : undefined;
      const { row } = await this.outbox.enqueue({
        ticket,
        body: part.body,
        media: part.media,
        quotedMsgId: i === 0 ? quotedMsgId : null,
        userId: actor.id,
        idempotencyKey: key,
      });
      rows.push(row);
    }
    const ticketDto = (await presentTicketById(this.ctx.db, ticket.id))!;
    const dtos = await presentMessages(this.ctx.db, rows);
    for (const dto of dtos) announceMessage(this.ctx, 'create', dto, ticketDto);
    void this.outbox.kick(ticket.whatsappId);
    return dtos;
  }

  /** Deletes one of our messages for everyone (ERR_DELETE_WAPP_MSG when the channel refuses). */
  async deleteForEveryone(actor: CurrentUser, messageId: string): Promise<MessageDTO> {
    const row = await this.visibleMessage(actor, messageId);
    if (!row.fromMe) throw new AppError('ERR_DELETE_WAPP_MSG', 400, 'Only our own messages can be deleted');
    if (row.isDeleted) return (await presentMessages(this.ctx.db, [row]))[0];
    if (row.sendState === 'sent' && row.externalId) {
      const [c] = await this.ctx.db
        .select({ number: contacts.number, isGroup: contacts.isGroup })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(eq(tickets.id, row.ticketId));
      try {
        const driver = this.channels.require(row.whatsappId ?? -1);
        await driver.deleteForEveryone({ id: c.number, isGroup: c.isGroup }, row.externalId, true);
      } catch (err) {
        if (err instanceof ChannelError || err instanceof Error) throw new AppError('ERR_DELETE_WAPP_MSG', 400);
        throw err;
      }
    }
    // A message still waiting in the outbox is simply never sent.
    const [updated] = await this.ctx.db
      .update(messages)
      .set({ isDeleted: true, sendState: row.sendState === 'pending' ? 'failed' : row.sendState, updatedAt: this.ctx.clock.now() })
      .where(eq(messages.id, row.id))
      .returning();
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

  private async visibleMessage(actor: CurrentUser, messageId: string): Promise<MessageRow> {
    const [row] = await this.ctx.db.select().from(messages).where(eq(messages.id, messageId));
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    await loadVisibleTicket(this.ctx, actor, row.ticketId);
    return row;
  }
}
