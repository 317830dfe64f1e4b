/**
 * External sending (BEHAVIOUR "External API"): another system sends a text or files to a number.
 * The number is checked on the chosen (or default) connection, the contact found or created, tags
 * added, the contact's active ticket on that connection found or a new one created, the messages
 * written through the outbox (so a restart never loses or doubles them) and, with closeTicketApi,
 * the ticket closed after sending.
 */
import { EVENTS, type ContactEvent, type MessageDTO, type TagEvent } from '@switchboard/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { channelErrorToApp, defaultConnectionId } from '../../channels/default-connection.js';
import type { ChannelManager } from '../../channels/manager.js';
import type { AppContext } from '../../context.js';
import { ROOM_ALL_USERS } from '../../realtime/rooms.js';
import { announce } from '../../realtime/announce.js';
import type { Tx } from '../../db/client.js';
import { contactTags, contacts, queues, tags, tickets, users, whatsapps } from '../../db/schema.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import type { MediaStore, StoredMedia } from '../../lib/media-store.js';
import type { Outbox } from '../../messaging/outbox.js';
import { Announcements } from '../../messaging/ticket-events.js';
import { presentContactById } from '../../store/contacts.js';
import { presentMessages, type MessageRow } from '../../store/message-present.js';
import { presentTagsByIds } from '../tags/repository.js';
import { startCycle } from '../../store/ticket-cycles.js';
import { insertTicketWithCycle } from '../tickets/insert.js';
import { presentTicketById, type TicketRow } from '../../store/ticket-present.js';
import type { TicketsService } from '../tickets/service.js';
import type { ApiSendInput } from './schema.js';
import { rollupContactIds, rollupContactTags } from '../../store/dashboard-rollups.js';

export interface ApiSendResult {
  ticketId: number;
  contactId: number;
  ticketStatus: string;
  /** The number as WhatsApp knows it (the channel's check may correct the one given). */
  number: string;
  messages: MessageDTO[];
}

export class ExternalApiService {
  constructor(
    private readonly ctx: AppContext,
    private readonly channels: ChannelManager,
    private readonly outbox: Outbox,
    private readonly media: MediaStore,
    private readonly tickets: TicketsService,
  ) {}

  /** `stored`: the request's files, already in the media store (the caller removes them on failure). */
  async send(input: ApiSendInput, stored: StoredMedia[]): Promise<ApiSendResult> {
    const body = input.body.trim();
    if (!body && stored.length === 0) throw new AppError('ERR_VALIDATION', 400, 'Send a body or at least one file in medias');

    const whatsappId = await this.connectionId(input.whatsappId);
    let number: string;
    try {
      // Asked of the process that runs the session when it is not this one; the messages are
      // then written here and delivered by that process's outbox, as every send is.
      number = await this.channels.checkNumber(whatsappId, input.number.replace(/\D/g, ''));
    } catch (err) {
      return channelErrorToApp(err);
    }

    if (input.queueId !== undefined)
      await this.assertExists(queues, input.queueId, () => new AppError('ERR_VALIDATION', 400, 'Unknown sector'));
    if (input.userId !== undefined) await this.assertExists(users, input.userId, () => new AppError('ERR_NO_USER_FOUND', 404));
    const tagIds = [...new Set(input.tagsId ?? [])];
    if (tagIds.length) {
      const found = await this.ctx.db.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds));
      if (found.length !== tagIds.length) throw new AppError('ERR_NO_TAG_FOUND', 404);
    }

    const now = this.ctx.clock.now();
    const result = await this.inTransaction(async (tx) => {
      const contact = await this.contactFor(tx, number);
      const addedTags = tagIds.length
        ? (
            await tx
              .insert(contactTags)
              .values(tagIds.map((tagId) => ({ contactId: contact.id, tagId })))
              .onConflictDoNothing()
              .returning()
          ).map((r) => r.tagId)
        : [];
      await rollupContactTags(tx, 1, sql`select ${contact.id}::int`, addedTags);
      const { ticket, before, created } = await this.ticketFor(tx, contact.id, whatsappId, input, now);
      const parts = stored.length ? stored.map((m, i) => ({ media: m, body: i === 0 ? body : '' })) : [{ media: undefined, body }];
      const rows: MessageRow[] = [];
      for (const part of parts) {
        const { row } = await this.outbox.enqueue({ ticket, body: part.body, media: part.media, userId: input.userId ?? null }, tx);
        rows.push(row);
      }
      // Presented, and the webhook events written, in the transaction: they commit, or roll back,
      // with the contact, ticket and messages they report.
      const events = new Announcements(this.ctx, tx);
      if (contact.created) {
        const dto = await presentContactById(tx, contact.id);
        if (dto) await events.contact({ action: 'create', contact: dto } satisfies ContactEvent);
      }
      const ticketDto = (await presentTicketById(tx, ticket.id))!;
      if (created) await events.ticket('create', ticketDto);
      else if (before) await events.ticketMoved(before, ticketDto);
      const messages = await presentMessages(this.ctx.mediaLinks, tx, rows);
      for (const m of messages) await events.message('create', m, ticketDto);
      return { contact, addedTags, ticket, ticketDto, messages, events };
    });

    // Announcements after commit, to exactly the users who may see the ticket.
    result.events.announce();
    for (const tag of await presentTagsByIds(this.ctx.db, result.addedTags)) {
      announce(this.ctx, ROOM_ALL_USERS, EVENTS.tags, { action: 'update', tag } satisfies TagEvent);
    }
    const { ticketDto, messages } = result;
    void this.outbox.kick(whatsappId);

    let status = ticketDto.status;
    if (this.ctx.settings.isEnabled('closeTicketApi')) {
      const closed = await this.tickets.closeBySystem(result.ticket.id, 'api');
      if (closed) status = closed.status as typeof status;
    }
    return { ticketId: result.ticket.id, contactId: result.contact.id, ticketStatus: status, number, messages };
  }

  private async connectionId(requested: number | undefined): Promise<number> {
    if (requested !== undefined) {
      const [row] = await this.ctx.db.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.id, requested));
      if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      return row.id;
    }
    const id = await defaultConnectionId(this.ctx);
    if (id == null) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404);
    return id;
  }

  private async assertExists(table: typeof queues | typeof users, id: number, error: () => AppError): Promise<void> {
    const [row] = await this.ctx.db.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (!row) throw error();
  }

  /** One retry when a concurrent writer created the same contact or ticket first. */
  private async inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.ctx.db.transaction(work);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return this.ctx.db.transaction(work);
    }
  }

  private async contactFor(tx: Tx, number: string): Promise<{ id: number; created: boolean }> {
    const [existing] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.number, number));
    if (existing) return { id: existing.id, created: false };
    const [row] = await tx.insert(contacts).values({ name: number, number }).returning({ id: contacts.id });
    await rollupContactIds(tx, 1, [row.id]);
    return { id: row.id, created: true };
  }

  /**
   * The contact's open-or-pending ticket on the connection, or a new one. A found ticket takes the
   * given sector if it has none, and the given attendant if nobody serves it yet.
   */
  private async ticketFor(
    tx: Tx,
    contactId: number,
    whatsappId: number,
    input: ApiSendInput,
    now: Date,
  ): Promise<{ ticket: TicketRow; before: TicketRow | null; created: boolean }> {
    const [active] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.contactId, contactId), eq(tickets.whatsappId, whatsappId), inArray(tickets.status, ['open', 'pending'])))
      .for('update');
    if (active) {
      const patch: Partial<typeof tickets.$inferInsert> = {};
      if (input.queueId !== undefined && active.queueId == null) patch.queueId = input.queueId;
      if (input.userId !== undefined && active.userId == null) Object.assign(patch, { userId: input.userId, status: 'open' });
      if (Object.keys(patch).length === 0) return { ticket: active, before: null, created: false };
      const [after] = await tx
        .update(tickets)
        .set({ ...patch, updatedAt: now })
        .where(eq(tickets.id, active.id))
        .returning();
      if (patch.userId != null) await startCycle(tx, active.id, now, patch.userId, after.queueId);
      return { ticket: after, before: active, created: false };
    }
    const userId = input.userId ?? null;
    const queueId = input.queueId ?? null;
    const ticket = await insertTicketWithCycle(
      tx,
      { contactId, whatsappId, queueId, userId, status: userId != null ? 'open' : 'pending' },
      now,
    );
    return { ticket, before: null, created: true };
  }
}
