/**
 * The inbound pipeline (BEHAVIOUR "Inbound message"): a normalized channel event is persisted —
 * contact, ticket, message — in one transaction before anything reacts to it; then realtime events
 * go out and listeners (automation) run. A replayed event changes nothing.
 */
import { EVENTS, type MessageMediaType, type TicketDTO } from '@switchboard/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ChatAddress, DriverEvent, InboundMessage } from '../channels/driver.js';
import type { AppContext } from '../context.js';
import { contacts, messages, tickets } from '../db/schema.js';
import { findConnection, type ConnectionRow } from '../modules/connections/repository.js';
import { presentMessages, type MessageRow } from '../modules/messages/present.js';
import { presentTicketById } from '../modules/tickets/present.js';
import type { MediaStore, StoredMedia } from './media-store.js';
import { previewOf } from './preview.js';
import { announceMessage, announceTicket } from './ticket-events.js';
import { findOrCreateTicket, upsertContact, type ContactRow, type TicketRow } from './tickets-store.js';

/** What listeners (automation) learn about each stored inbound message. */
export interface InboundStored {
  connection: ConnectionRow;
  contact: ContactRow;
  ticket: TicketRow;
  message: MessageRow;
  ticketCreated: boolean;
}

export type InboundListener = (stored: InboundStored) => Promise<void> | void;

/** Decides, before a ticket is touched, whether a message is consumed elsewhere (rating answers). */
export type InboundInterceptor = (connection: ConnectionRow, msg: InboundMessage) => Promise<boolean>;

export interface CallPolicy {
  /** Called for every inbound call; returns whether it was rejected. */
  onCall(connectionId: number, call: Extract<DriverEvent, { type: 'call' }>): Promise<boolean>;
}

class Duplicate extends Error {}

export class InboundPipeline {
  private listeners: InboundListener[] = [];
  private interceptors: InboundInterceptor[] = [];
  callPolicy: CallPolicy | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly media: MediaStore,
  ) {}

  onStored(listener: InboundListener): void {
    this.listeners.push(listener);
  }

  intercept(interceptor: InboundInterceptor): void {
    this.interceptors.push(interceptor);
  }

  async handle(connectionId: number, event: DriverEvent): Promise<void> {
    switch (event.type) {
      case 'message':
        return void (await this.message(connectionId, event.message));
      case 'ack':
        return this.ack(connectionId, event.externalId, event.ack);
      case 'revoke':
        return this.revoke(connectionId, event.externalId);
      case 'edit':
        return this.edit(connectionId, event.externalId, event.body);
      case 'call':
        return this.call(connectionId, event);
      case 'contact':
        return this.contactUpdate(event);
      default:
        return;
    }
  }

  /** Stores one inbound message; returns what was stored, or null for ignored/duplicate events. */
  async message(connectionId: number, msg: InboundMessage): Promise<InboundStored | null> {
    const connection = await findConnection(this.ctx.db, connectionId);
    if (!connection) return null;
    if (msg.chat.isGroup && (!connection.isGroup || this.ctx.settings.isEnabled('CheckMsgIsGroup'))) return null;
    if (await this.alreadyStored(connectionId, msg.externalId)) return null;

    if (!msg.fromMe) {
      for (const intercept of this.interceptors) if (await intercept(connection, msg)) return null;
    }
    const stored = msg.media ? await this.saveMedia(msg) : null;
    const now = this.ctx.clock.now();
    let result: InboundStored & { contactCreated: boolean };
    try {
      result = await this.ctx.db.transaction(async (tx) => {
        const { contact, created: contactCreated } = await upsertContact(tx, {
          number: msg.chat.id,
          name: msg.chat.isGroup ? undefined : msg.fromMe ? undefined : msg.sender.name,
          isGroup: msg.chat.isGroup,
          lid: msg.chat.isGroup ? undefined : msg.sender.lid,
        });
        const senderId =
          msg.chat.isGroup && !msg.fromMe
            ? (await upsertContact(tx, { number: msg.sender.number, name: msg.sender.name, isGroup: false, lid: msg.sender.lid })).contact.id
            : msg.fromMe
              ? null
              : contact.id;
        const { ticket, created } = await findOrCreateTicket(tx, {
          contactId: contact.id,
          whatsappId: connectionId,
          isGroup: msg.chat.isGroup,
          reopenWithinSeconds: Number(this.ctx.settings.get('timeCreateNewTicket')) || 0,
          now,
        });
        const quotedMsgId = msg.quotedExternalId ? await this.localIdOf(tx, connectionId, msg.quotedExternalId) : null;
        const kind: MessageMediaType = msg.kind === 'sticker' ? 'sticker' : msg.kind;
        const [message] = await tx
          .insert(messages)
          .values({
            id: randomUUID(),
            ticketId: ticket.id,
            whatsappId: connectionId,
            externalId: msg.externalId,
            contactId: senderId,
            body: msg.body,
            fromMe: msg.fromMe,
            read: msg.fromMe,
            mediaType: kind,
            mediaPath: stored?.name ?? null,
            mediaName: stored?.filename ?? msg.media?.filename ?? null,
            mediaMime: stored?.mimetype ?? null,
            quotedMsgId,
            ack: msg.fromMe ? 1 : 0,
            sendState: 'received',
            lastError: msg.media && !stored ? 'ERR_WAPP_DOWNLOAD_MEDIA' : null,
            rawPayload: msg.raw ?? null,
            createdAt: msg.timestamp,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (!message) throw new Duplicate();
        const [updated] = await tx
          .update(tickets)
          .set({
            lastMessage: previewOf(kind, msg.body, message.mediaName),
            lastMessageAt: msg.timestamp,
            lastMessageFromMe: msg.fromMe,
            ...(msg.fromMe
              ? {}
              : { unreadMessages: sql`${tickets.unreadMessages} + 1`, lastCustomerMessageAt: msg.timestamp }),
            updatedAt: now,
          })
          .where(eq(tickets.id, ticket.id))
          .returning();
        return { connection, contact, ticket: updated, message, ticketCreated: created, contactCreated };
      });
    } catch (err) {
      if (err instanceof Duplicate) return null;
      throw err;
    }

    const ticketDto = (await presentTicketById(this.ctx.db, result.ticket.id))!;
    const [messageDto] = await presentMessages(this.ctx.db, [result.message]);
    if (result.contactCreated) this.ctx.realtime.emitToAll(EVENTS.contact, { action: 'create', contact: ticketDto.contact });
    announceTicket(this.ctx, result.ticketCreated ? 'create' : 'update', ticketDto);
    announceMessage(this.ctx, 'create', messageDto, ticketDto);
    for (const listener of this.listeners) {
      try {
        await listener(result);
      } catch (err) {
        this.ctx.log.error({ err, ticketId: result.ticket.id }, 'inbound listener failed');
      }
    }
    return result;
  }

  private async alreadyStored(connectionId: number, externalId: string): Promise<boolean> {
    const [row] = await this.ctx.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.whatsappId, connectionId), eq(messages.externalId, externalId)));
    return !!row;
  }

  private async localIdOf(tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0], connectionId: number, externalId: string) {
    const [row] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.whatsappId, connectionId), eq(messages.externalId, externalId)));
    return row?.id ?? null;
  }

  private async saveMedia(msg: InboundMessage): Promise<StoredMedia | null> {
    try {
      const data = await msg.media!.download();
      return await this.media.save(data, {
        filename: msg.media!.filename,
        kindHint: msg.kind === 'sticker' ? 'sticker' : undefined,
      });
    } catch (err) {
      // The message is kept (text, type, sender) and marked; its media could not be fetched.
      this.ctx.log.warn({ err, externalId: msg.externalId }, 'inbound media download failed');
      return null;
    }
  }

  /** Applies a receipt; acks only move forward (a late "delivered" never hides "read"). */
  async ack(connectionId: number, externalId: string, ack: number): Promise<void> {
    const rows = await this.ctx.db
      .update(messages)
      .set({ ack: sql`greatest(${messages.ack}, ${ack})`, updatedAt: this.ctx.clock.now() })
      .where(and(eq(messages.whatsappId, connectionId), eq(messages.externalId, externalId), sql`${messages.ack} < ${ack}`))
      .returning();
    await this.announceUpdates(rows);
  }

  async revoke(connectionId: number, externalId: string): Promise<void> {
    const rows = await this.ctx.db
      .update(messages)
      .set({ isDeleted: true, updatedAt: this.ctx.clock.now() })
      .where(and(eq(messages.whatsappId, connectionId), eq(messages.externalId, externalId), eq(messages.isDeleted, false)))
      .returning();
    await this.announceUpdates(rows);
  }

  async edit(connectionId: number, externalId: string, body: string): Promise<void> {
    const rows = await this.ctx.db
      .update(messages)
      .set({ body, isEdited: true, updatedAt: this.ctx.clock.now() })
      .where(and(eq(messages.whatsappId, connectionId), eq(messages.externalId, externalId)))
      .returning();
    await this.announceUpdates(rows);
  }

  /** A call shows in the chat as a call_log message; the call policy may reject it first. */
  async call(connectionId: number, call: Extract<DriverEvent, { type: 'call' }>): Promise<void> {
    await this.callPolicy?.onCall(connectionId, call);
    await this.message(connectionId, {
      externalId: `call:${call.callId}`,
      chat: { id: call.from, isGroup: false },
      sender: { number: call.from },
      fromMe: false,
      timestamp: call.timestamp,
      kind: 'call_log',
      body: call.isVideo ? 'video' : 'voice',
    });
  }

  async contactUpdate(event: Extract<DriverEvent, { type: 'contact' }>): Promise<void> {
    const set: Partial<typeof contacts.$inferInsert> = {};
    if (event.profilePicUrl) set.profilePicUrl = event.profilePicUrl;
    if (event.lid) set.lid = event.lid;
    if (Object.keys(set).length === 0) return;
    const rows = await this.ctx.db
      .update(contacts)
      .set({ ...set, updatedAt: this.ctx.clock.now() })
      .where(eq(contacts.number, event.number))
      .returning();
    for (const c of rows) this.ctx.realtime.emitToAll(EVENTS.contact, { action: 'update', contact: c });
  }

  private async announceUpdates(rows: MessageRow[]): Promise<void> {
    if (rows.length === 0) return;
    const dtos = await presentMessages(this.ctx.db, rows);
    const tickets = new Map<number, TicketDTO | null>();
    for (const dto of dtos) {
      if (!tickets.has(dto.ticketId)) tickets.set(dto.ticketId, await presentTicketById(this.ctx.db, dto.ticketId));
      const t = tickets.get(dto.ticketId);
      if (t) announceMessage(this.ctx, 'update', dto, t);
    }
  }
}

export type { ChatAddress };
