/**
 * Messages of a ticket: the paged conversation with the contact's earlier tickets (allHistoric),
 * search in it, sending through the outbox, deleting for everyone, and the media behind a message
 * — each only for users who may see the ticket.
 */
import {
  CHANNEL_MESSAGE_ACTIONS,
  MESSAGE_EDIT_WINDOW_MINUTES,
  MESSAGES_PAGE_SIZE,
  refusalOf,
  type ChannelKind,
  type MessageDTO,
  type MessageSearchDTO,
  type MessagesPage,
  type SendMessageInput,
} from '@switchboard/shared';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { ChannelManager } from '../../channels/manager.js';
import { ChannelError, type ChannelDriver } from '../../channels/driver.js';
import type { AppContext } from '../../context.js';
import { contacts, messages, ticketMentions, tickets, whatsapps } from '../../db/schema.js';
import { COMPANY_REACTOR, recordEdit, setReaction } from '../../store/message-reactions.js';
import { afterCommit } from '../../lib/after-commit.js';
import { authorize } from '../../access/authorize.js';
import { AppError } from '../../lib/app-error.js';
import type { MediaStore, StoredMedia } from '../../lib/media-store.js';
import { newExternalId, type Outbox } from '../../messaging/outbox.js';
import { storeAsVoiceNote } from '../../messaging/voice-upload.js';
import { announceMessage, Announcements, announceUnreadReset } from '../../messaging/ticket-events.js';
import type { CurrentUser } from '../../store/users.js';
import { presentTicketById, presentTickets } from '../../store/ticket-present.js';
import { loadReadableTicket, loadVisibleTicket, ticketFacts } from '../tickets/visibility.js';
import { renderForTicket } from '../../automation/variables.js';
import { customerVisible } from '../../store/customer-visible.js';
import { presentMessages, type MessageRow } from '../../store/message-present.js';
import type { TicketRow } from '../../messaging/store-batch.js';
import type { NotesService } from '../notes/service.js';
import {
  conversationPage,
  historyFilter,
  isInVisibleHistory,
  searchConversation,
  ticketBoundaries,
  type ConversationPage,
} from './conversation.js';

export class MessagesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly channels: ChannelManager,
    private readonly outbox: Outbox,
    private readonly media: MediaStore,
    private readonly notes: NotesService,
    /** Channel rules a free-form send must meet (the Cloud API's 24-hour window); throws to refuse. */
    private readonly beforeSend: (ticket: TicketRow) => Promise<void>,
  ) {}

  /**
   * A page of the conversation (conversation.ts): the ticket's messages, then the contact's earlier
   * tickets the reader may see; within the page oldest first (the chat reads down). `before`
   * continues below a message; without it, `pageNumber` counts pages from the newest (the spec's
   * paging, walked page by page over the same keyset).
   * Independent reads go out together (ticket ∥ history rule, page ∥ count, presentation ∥
   * separators): a page of a long ticket costs four round trips to the database, which is what its
   * tail latency follows on a busy database.
   */
  async list(actor: CurrentUser, ticketId: number, query: { pageNumber: number; before?: string }): Promise<MessagesPage> {
    // Users mentioned in a note on the ticket may read it too (docs/decisions.md, "Mentions").
    const [{ ticket, visible }, rule] = await Promise.all([
      loadReadableTicket(this.ctx, actor, ticketId),
      historyFilter(this.ctx, actor, true),
    ]);
    // A mentioned reader reads this ticket only: the mention opens it, not the contact's history.
    const history = visible ? rule : null;
    const first = !query.before && query.pageNumber === 1;
    const [page, [{ total }], channel] = await Promise.all([
      this.pageOf(ticket, history, query),
      this.ctx.db.select({ total: count() }).from(messages).where(eq(messages.ticketId, ticket.id)),
      this.channelOf(ticket.whatsappId),
    ]);
    // Reading the chat marks it read; a page is still an answer when that write fails (logged).
    // The customer's unread count belongs to those who answer; a mentioned reader only reads the mention.
    const markedRead = first && visible && ticket.unreadMessages > 0;
    if (markedRead) await afterCommit(this.ctx.log, 'mark ticket read', { ticketId: ticket.id }, () => this.markRead(ticket.id));
    if (first) await this.notes.markRead(actor.id, ticket.id);
    const ticketIds = [...new Set(page.rows.map((r) => r.ticketId))];
    const [presented, [shown], boundaries] = await Promise.all([
      presentMessages(this.ctx.mediaLinks, this.ctx.db, [...page.rows].reverse()),
      // The row read above, as markRead left it (it changes nothing else).
      presentTickets(this.ctx.db, [markedRead ? { ...ticket, unreadMessages: 0 } : ticket]),
      ticketBoundaries(this.ctx.db, ticketIds),
    ]);
    const oldest = page.rows[page.rows.length - 1];
    return {
      messages: presented,
      ticket: shown,
      count: total,
      hasMore: page.hasMore,
      tickets: boundaries,
      nextCursor: page.hasMore && oldest ? oldest.id : null,
      messageActions: this.messageActions(actor, ticket, channel),
    };
  }

  /**
   * What the reader may do to the messages on this ticket's channel: the channel must allow it
   * (CHANNEL_MESSAGE_ACTIONS) and the reader may answer on the ticket, which is not closed
   * (message.react; editing also needs the message to be the reader's own, checked per message).
   */
  private messageActions(actor: CurrentUser, ticket: TicketRow, channel: ChannelKind | null): MessagesPage['messageActions'] {
    const can = channel ? CHANNEL_MESSAGE_ACTIONS[channel] : { react: false, edit: false };
    const answers = refusalOf(actor, 'message.react', ticketFacts(this.ctx, ticket)) === null;
    return { react: can.react && answers, edit: can.edit && answers, editWindowMinutes: MESSAGE_EDIT_WINDOW_MINUTES };
  }

  private async channelOf(connectionId: number | null): Promise<ChannelKind | null> {
    if (connectionId == null) return null;
    const [row] = await this.ctx.db.select({ channel: whatsapps.channel }).from(whatsapps).where(eq(whatsapps.id, connectionId));
    return row ? (row.channel as ChannelKind) : null;
  }

  /**
   * Puts the company's reaction on a message of the conversation (an empty emoji takes it away):
   * sent through the channel first, stored once the channel took it, then shown to everyone.
   */
  async react(actor: CurrentUser, messageId: string, emoji: string): Promise<MessageDTO> {
    const { row, ticket } = await this.messageOnTicket(messageId);
    authorize(actor, 'message.react', ticketFacts(this.ctx, ticket));
    if (row.isPrivate || row.isDeleted || !row.externalId || !['sent', 'received'].includes(row.sendState)) {
      throw new AppError('ERR_REACT_WAPP_MSG', 400, 'Only a message the customer has can take a reaction');
    }
    const channel = await this.channelOf(row.whatsappId);
    if (!channel || !CHANNEL_MESSAGE_ACTIONS[channel].react) throw new AppError('ERR_REACT_WAPP_MSG', 400, 'This channel has no reactions');
    const { address, participant } = await this.addressOf(ticket, row);
    await this.onChannel(row.whatsappId!, 'ERR_REACT_WAPP_MSG', (driver) =>
      driver.react
        ? driver.react(address, { externalId: row.externalId!, fromMe: row.fromMe, participant }, emoji)
        : Promise.reject(new ChannelError('ERR_REACT_WAPP_MSG')),
    );
    await setReaction(this.ctx.db, {
      messageId: row.id,
      reactor: COMPANY_REACTOR,
      emoji,
      fromMe: true,
      userId: actor.id,
      at: this.ctx.clock.now(),
    });
    return this.presentAndAnnounce(row);
  }

  /**
   * Replaces the text of one of our sent texts within the channel's edit window (WhatsApp: 15
   * minutes); the text it had stays in the history (message_edits).
   */
  async edit(actor: CurrentUser, messageId: string, body: string): Promise<MessageDTO> {
    const { row, ticket } = await this.messageOnTicket(messageId);
    authorize(actor, 'ticket.reply', ticketFacts(this.ctx, ticket));
    authorize(actor, 'message.edit', { fromMe: row.fromMe, isPrivate: row.isPrivate, authorId: row.userId });
    if (ticket.status === 'closed') throw new AppError('ERR_EDIT_WAPP_MSG', 400, 'The ticket is closed');
    if (row.mediaType !== 'chat' || row.isDeleted || row.sendState !== 'sent' || !row.externalId) {
      throw new AppError('ERR_EDIT_WAPP_MSG', 400, 'Only a sent text can be edited');
    }
    const now = this.ctx.clock.now();
    if (now.getTime() - row.createdAt.getTime() > MESSAGE_EDIT_WINDOW_MINUTES * 60_000) throw new AppError('ERR_EDIT_WINDOW_CLOSED', 409);
    const channel = await this.channelOf(row.whatsappId);
    if (!channel || !CHANNEL_MESSAGE_ACTIONS[channel].edit)
      throw new AppError('ERR_EDIT_WAPP_MSG', 400, 'This channel cannot edit a sent message');
    if (body === row.body) return (await presentMessages(this.ctx.mediaLinks, this.ctx.db, [row]))[0];
    const { address } = await this.addressOf(ticket, row);
    await this.onChannel(row.whatsappId!, 'ERR_EDIT_WAPP_MSG', (driver) =>
      driver.editText ? driver.editText(address, row.externalId!, body) : Promise.reject(new ChannelError('ERR_EDIT_WAPP_MSG')),
    );
    const updated = await this.ctx.db.transaction((tx) => recordEdit(tx, row, body, actor.id, now));
    return this.presentAndAnnounce(updated ?? row);
  }

  private async messageOnTicket(messageId: string): Promise<{ row: MessageRow; ticket: TicketRow }> {
    const [found] = await this.ctx.db
      .select({ row: messages, ticket: tickets })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(eq(messages.id, messageId));
    if (!found) throw new AppError('ERR_NOT_FOUND', 404);
    return found;
  }

  /** The chat of the ticket; in a group, the member who wrote a message is named beside it. */
  private async addressOf(
    ticket: TicketRow,
    row: MessageRow,
  ): Promise<{ address: { id: string; isGroup: boolean; lid?: string }; participant?: string }> {
    const ids = [ticket.contactId, ...(row.contactId != null && row.contactId !== ticket.contactId ? [row.contactId] : [])];
    const found = await this.ctx.db
      .select({ id: contacts.id, number: contacts.number, isGroup: contacts.isGroup, lid: contacts.lid })
      .from(contacts)
      .where(inArray(contacts.id, ids));
    const chat = found.find((c) => c.id === ticket.contactId);
    if (!chat) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    const member = found.find((c) => c.id === row.contactId && c.id !== chat.id);
    return {
      address: { id: chat.number, isGroup: chat.isGroup, ...(chat.lid ? { lid: chat.lid } : {}) },
      participant: chat.isGroup && !row.fromMe ? member?.number : undefined,
    };
  }

  /** Runs an action on the connected channel; its refusal answers with `code` (400), no session with 409. */
  private async onChannel(
    connectionId: number,
    code: 'ERR_REACT_WAPP_MSG' | 'ERR_EDIT_WAPP_MSG',
    act: (driver: ChannelDriver) => Promise<void>,
  ): Promise<void> {
    const driver = this.channels.connected(connectionId);
    if (!driver) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409);
    try {
      await act(driver);
    } catch (err) {
      this.ctx.log.warn({ err, connectionId }, 'the channel refused a reaction or an edit');
      throw new AppError(code, 400);
    }
  }

  private async presentAndAnnounce(row: MessageRow): Promise<MessageDTO> {
    const [current] = await this.ctx.db.select().from(messages).where(eq(messages.id, row.id));
    const [dto] = await presentMessages(this.ctx.mediaLinks, this.ctx.db, [current ?? row]);
    const ticketDto = await presentTicketById(this.ctx.db, row.ticketId);
    if (ticketDto) announceMessage(this.ctx, 'update', dto, ticketDto);
    return dto;
  }

  private async pageOf(ticket: TicketRow, history: SQL | null, query: { pageNumber: number; before?: string }): Promise<ConversationPage> {
    if (query.before) return conversationPage(this.ctx.db, ticket, history, query.before, MESSAGES_PAGE_SIZE);
    let page = await conversationPage(this.ctx.db, ticket, history, undefined, MESSAGES_PAGE_SIZE);
    for (let n = 1; n < query.pageNumber; n++) {
      const oldest = page.rows[page.rows.length - 1];
      if (!page.hasMore || !oldest) return { rows: [], hasMore: false };
      page = await conversationPage(this.ctx.db, ticket, history, oldest.id, MESSAGES_PAGE_SIZE);
    }
    return page;
  }

  /** Messages of the conversation containing `term`, newest first (only what the chat would show). */
  async search(actor: CurrentUser, ticketId: number, term: string): Promise<MessageSearchDTO> {
    const [{ ticket, visible }, rule] = await Promise.all([
      loadReadableTicket(this.ctx, actor, ticketId),
      historyFilter(this.ctx, actor, true),
    ]);
    const { rows, hasMore } = await searchConversation(this.ctx.db, ticket, visible ? rule : null, term);
    return { matches: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), hasMore };
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
    await this.beforeSend(ticket);
  }

  /** `stored`: files already in the media store (uploaded by the route), sent in order. */
  async send(actor: CurrentUser, ticketId: number, input: SendMessageInput, stored: StoredMedia[] = []): Promise<MessageDTO[]> {
    const ticket = await loadVisibleTicket(this.ctx, actor, ticketId);
    if (ticket.status === 'closed') throw new AppError('ERR_CREATING_MESSAGE', 400, 'The ticket is closed');
    await this.beforeSend(ticket);
    const typed = input.body.trim();
    if (!typed && stored.length === 0) throw new AppError('ERR_VALIDATION', 400, 'Empty message');
    // Message variables ({{name}}, {{ms}} …, quick answers included) are rendered for the customer.
    const body = await renderForTicket(this.ctx.db, ticket, typed, this.ctx.clock.now(), this.ctx.settings.textLocale(), actor.id);
    let quotedMsgId: string | null = null;
    if (input.quotedMsg) {
      // The quote travels to this ticket's customer: only a message of this very ticket, which the
      // sender may read, and never a private note. Anything else is refused before anything is sent.
      const [q] = await this.ctx.db
        .select({ id: messages.id })
        .from(messages)
        .where(customerVisible(eq(messages.id, input.quotedMsg), eq(messages.ticketId, ticket.id)));
      if (!q) throw new AppError('ERR_QUOTED_MSG_NOT_FOUND', 400);
      quotedMsgId = q.id;
    }

    if (input.voiceNote) stored = await Promise.all(stored.map((recording) => storeAsVoiceNote(this.media, recording)));

    const parts = stored.length ? stored.map((m, i) => ({ media: m, body: i === 0 ? body : '' })) : [{ media: undefined, body }];
    // Every part of one send is stored, and presented, in one transaction: an error answer means
    // nothing was queued, never that some files go out after the sender was told it failed.
    const { dtos, events } = await this.ctx.db.transaction(async (tx) => {
      const rows: MessageRow[] = [];
      for (const [i, part] of parts.entries()) {
        const key = input.idempotencyKey ? `${input.idempotencyKey}:${i}` : undefined;
        const { row } = await this.outbox.enqueue(
          { ticket, body: part.body, media: part.media, quotedMsgId: i === 0 ? quotedMsgId : null, userId: actor.id, idempotencyKey: key },
          tx,
        );
        rows.push(row);
      }
      const presented = await presentMessages(this.ctx.mediaLinks, tx, rows);
      const current = (await presentTicketById(tx, ticket.id))!;
      // The webhook events are written with the messages: they commit, or roll back, together.
      const announcements = new Announcements(this.ctx, tx);
      for (const dto of presented) await announcements.message('create', dto, current);
      return { dtos: presented, ticketDto: current, events: announcements };
    });
    events.announce();
    void this.outbox.kick(ticket.whatsappId);
    return dtos;
  }

  /** Deletes one of our messages for everyone (ERR_DELETE_WAPP_MSG when the channel refuses). */
  async deleteForEveryone(actor: CurrentUser, messageId: string): Promise<MessageDTO> {
    const row = await this.visibleMessage(actor, messageId, 'see');
    if (!row.fromMe) throw new AppError('ERR_DELETE_WAPP_MSG', 400, 'Only our own messages can be deleted');
    // A private note is its author's (or an admin's) to withdraw.
    authorize(actor, 'message.delete', { isPrivate: row.isPrivate, authorId: row.userId });
    if (row.isDeleted) return (await presentMessages(this.ctx.mediaLinks, this.ctx.db, [row]))[0];
    // Stored first: once the customer's phone has dropped the message, a failing write could no
    // longer be answered truthfully. A refusal by the channel puts the row back as it was.
    // A message still waiting in the outbox is simply never sent.
    const [updated] = await this.ctx.db.transaction(async (tx) => {
      const marked = await tx
        .update(messages)
        .set({ isDeleted: true, sendState: row.sendState === 'pending' ? 'failed' : row.sendState, updatedAt: this.ctx.clock.now() })
        .where(eq(messages.id, row.id))
        .returning();
      // A withdrawn note no longer names anyone: the access its mentions gave ends with it.
      if (row.isPrivate) await tx.delete(ticketMentions).where(eq(ticketMentions.messageId, row.id));
      return marked;
    });
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
          this.ctx.db
            .update(messages)
            .set({ isDeleted: row.isDeleted, sendState: row.sendState, updatedAt: row.updatedAt })
            .where(eq(messages.id, row.id)),
        );
        if (err instanceof ChannelError || err instanceof Error) throw new AppError('ERR_DELETE_WAPP_MSG', 400);
        throw err;
      }
    }
    const [dto] = await presentMessages(this.ctx.mediaLinks, this.ctx.db, [updated]);
    const ticketDto = await presentTicketById(this.ctx.db, row.ticketId);
    if (ticketDto) announceMessage(this.ctx, 'update', dto, ticketDto);
    return dto;
  }

  /**
   * Sends a failed message of ours again, through the outbox like a new send (its text, file and
   * quote as they were). A message the channel refused goes out under a new channel id: the
   * refused one never reached the customer. Otherwise the id stays, so a send that did get through
   * before failing is recognised by the channel and not delivered twice.
   */
  async retry(actor: CurrentUser, messageId: string): Promise<MessageDTO> {
    const row = await this.visibleMessage(actor, messageId, 'see');
    if (!row.fromMe || row.isPrivate || row.isDeleted || row.sendState !== 'failed') {
      throw new AppError('ERR_VALIDATION', 400, 'Only a failed message can be sent again');
    }
    await this.assertCanSend(actor, row.ticketId);
    const [queued] = await this.ctx.db
      .update(messages)
      .set({
        sendState: 'pending',
        externalId: row.failureCode ? newExternalId() : row.externalId,
        ack: 0,
        lastError: null,
        failureCode: null,
        sendAttempts: 0,
        nextAttemptAt: null,
        claimedBy: null,
        updatedAt: this.ctx.clock.now(),
      })
      // A second click finds it pending already: one retry.
      .where(and(eq(messages.id, row.id), eq(messages.sendState, 'failed')))
      .returning();
    const current = queued ?? (await this.ctx.db.select().from(messages).where(eq(messages.id, row.id)))[0];
    const [dto] = await presentMessages(this.ctx.mediaLinks, this.ctx.db, [current]);
    if (queued) {
      const ticketDto = await presentTicketById(this.ctx.db, row.ticketId);
      if (ticketDto) announceMessage(this.ctx, 'update', dto, ticketDto);
      if (row.whatsappId != null) void this.outbox.kick(row.whatsappId);
    }
    return dto;
  }

  /** The stored file behind a message, for a user who may see its ticket. */
  async mediaOf(actor: CurrentUser, messageId: string): Promise<{ path: string; mime: string; name: string; inline: boolean }> {
    const row = await this.visibleMessage(actor, messageId);
    if (!row.mediaPath) throw new AppError('ERR_NOT_FOUND', 404);
    return fileOf(row);
  }

  /**
   * The media of a signed link (lib/media-links.ts): no session — the link was given to someone
   * who could see the message, and holds until it expires. A bad or expired link is refused
   * before anything is read.
   */
  async mediaByLink(
    messageId: string,
    expires: number,
    signature: string,
  ): Promise<{ path: string; mime: string; name: string; inline: boolean; cacheSeconds: number }> {
    const verdict = this.ctx.mediaLinks.check(messageId, expires, signature);
    if (verdict !== 'ok')
      throw new AppError('ERR_NO_PERMISSION', 403, verdict === 'expired' ? 'This media link has expired' : 'This media link is not valid');
    const [row] = await this.ctx.db.select().from(messages).where(eq(messages.id, messageId));
    if (!row?.mediaPath) throw new AppError('ERR_NOT_FOUND', 404);
    // Cached no longer than the link holds.
    return { ...fileOf(row), cacheSeconds: Math.max(0, expires - Math.floor(this.ctx.clock.now().getTime() / 1000)) };
  }

  /** `read`: users mentioned on the ticket too; `see`: only those who may see (and act on) the ticket. */
  private async visibleMessage(actor: CurrentUser, messageId: string, access: 'read' | 'see' = 'read'): Promise<MessageRow> {
    const [row] = await this.ctx.db.select().from(messages).where(eq(messages.id, messageId));
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    if (access === 'see') await loadVisibleTicket(this.ctx, actor, row.ticketId);
    else await this.assertReadable(actor, row.ticketId);
    return row;
  }

  /** The ticket is readable itself, or shown as history of a ticket the actor may see. */
  private async assertReadable(actor: CurrentUser, ticketId: number): Promise<void> {
    try {
      await loadReadableTicket(this.ctx, actor, ticketId);
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
      const [ticket] = await this.ctx.db.select().from(tickets).where(eq(tickets.id, ticketId));
      if (!ticket || !(await isInVisibleHistory(this.ctx, actor, ticket))) throw err;
    }
  }
}

/** How a message's stored file is served: its type, its name, shown in place or downloaded. */
function fileOf(row: MessageRow): { path: string; mime: string; name: string; inline: boolean } {
  const mime = row.mediaMime ?? 'application/octet-stream';
  const inline = /^(image|audio|video)\//.test(mime) && mime !== 'image/svg+xml';
  return { path: row.mediaPath!, mime, name: row.mediaName ?? 'file', inline };
}
