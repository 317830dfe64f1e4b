/**
 * The web chat channel's switchboard: the webchat drivers running in this process, and what the
 * visitor API does with them. A visitor's message goes through the connection's driver into the
 * inbound pipeline and is answered only once stored; the company's replies reach the visitor's
 * sockets (any process, through the Socket.IO adapter) and their history is read from the
 * messages of their own tickets — never anyone else's.
 *
 * With several server processes a connection's driver runs in one of them; a visitor request that
 * lands elsewhere is handed to it as a process call.
 */
import { WEBCHAT_NAMESPACE, type WebchatMessageDTO } from '@switchboard/shared';
import { Readable } from 'node:stream';
import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { contacts, messages, tickets } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { NotifyRpc } from '../../lib/notify-rpc.js';
import type { MediaStore, StoredMedia } from '../../lib/media-store.js';
import type { InboundMessage, MessageKind } from '../driver.js';
import { customerVisible, customerVisibleMessages } from '../../store/customer-visible.js';
import { visitorAddress, type WebchatVisitorRow } from '../../store/webchat.js';

type MessageRow = typeof messages.$inferSelect;

export interface WebchatReceiver {
  readonly connectionId: number;
  /** Hands a visitor's message to the product; resolves once it is stored. */
  receive(message: InboundMessage): Promise<void>;
}

export interface VisitorMessageInput {
  id: string;
  body: string;
  /** An attachment already saved in the media store (the upload). */
  media?: StoredMedia;
}

const HISTORY_LIMIT = 500;
/** How long an open widget has to confirm that it received a reply. */
const RECEIPT_TIMEOUT_MS = 15_000;
export const visitorRoom = (visitorId: string) => `visitor:${visitorId}`;
const externalIdOf = (visitorId: string, id: string) => `WEB${visitorId}${id}`;

export function mediaKindOf(mimetype: string): MessageKind {
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('audio/')) return 'audio';
  if (mimetype.startsWith('video/')) return 'video';
  return 'document';
}

/** Visitors know a message by its channel id (ours for replies, theirs for what they wrote). */
export function presentVisitorMessage(row: MessageRow): WebchatMessageDTO {
  const id = row.externalId ?? row.id;
  return {
    id,
    body: row.body,
    fromMe: row.fromMe,
    mediaType: row.mediaType,
    mediaName: row.mediaName,
    mediaUrl: row.mediaPath ? visitorMediaUrl(id) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export const visitorMediaUrl = (id: string) => `/api/webchat/media/${encodeURIComponent(id)}`;

export class WebchatHub {
  private receivers = new Map<number, WebchatReceiver>();
  private rpc: NotifyRpc | null = null;

  /** `processes` (absent in a single-process harness) carries visitor messages to the process running the driver. */
  constructor(
    private readonly ctx: AppContext,
    readonly media: MediaStore,
    processes?: NotifyRpc,
  ) {
    if (processes) this.serveProcesses(processes);
  }

  register(receiver: WebchatReceiver): void {
    this.receivers.set(receiver.connectionId, receiver);
  }

  unregister(receiver: WebchatReceiver): void {
    if (this.receivers.get(receiver.connectionId) === receiver) this.receivers.delete(receiver.connectionId);
  }

  /** Visitor messages arriving at another process are delivered by the one running the driver. */
  private serveProcesses(rpc: NotifyRpc): void {
    this.rpc = rpc;
    rpc.handle('webchat.deliver', async (args) => {
      const receiver = this.receivers.get(Number(args.connectionId));
      if (!receiver) return undefined;
      await receiver.receive(await this.inbound(args.visitor as WebchatVisitorRow, args.input as VisitorMessageInput));
      return { ok: true };
    });
  }

  /** The visitor writes: stored (or journalled) before this resolves; the stored message answers. */
  async visitorSends(visitor: WebchatVisitorRow, input: VisitorMessageInput): Promise<WebchatMessageDTO> {
    const receiver = this.receivers.get(visitor.whatsappId);
    if (receiver) {
      await receiver.receive(await this.inbound(visitor, input));
    } else if (this.rpc) {
      try {
        await this.rpc.call('webchat.deliver', { connectionId: visitor.whatsappId, visitor, input });
      } catch (err) {
        this.ctx.log.warn({ err, connectionId: visitor.whatsappId }, 'web chat message could not reach its session');
        throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503);
      }
    } else {
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503);
    }
    const externalId = externalIdOf(visitor.id, input.id);
    const [row] = await customerVisibleMessages(
      this.ctx.db,
      eq(messages.whatsappId, visitor.whatsappId),
      eq(messages.externalId, externalId),
    );
    if (row) {
      // The e-mail the visitor gave goes on their contact (the pipeline names it; it knows no e-mail).
      if (visitor.email) {
        await this.ctx.db
          .update(contacts)
          .set({ email: visitor.email })
          .where(and(eq(contacts.number, visitorAddress(visitor.id)), eq(contacts.email, '')));
      }
      return presentVisitorMessage(row);
    }
    // Consumed before becoming a ticket message (a rating answer) or waiting in the journal: it is
    // kept, and the visitor sees what they wrote.
    return {
      id: externalId,
      body: input.body,
      fromMe: false,
      mediaType: input.media ? mediaKindOf(input.media.mimetype) : 'chat',
      mediaName: input.media?.filename ?? null,
      mediaUrl: null,
      createdAt: this.ctx.clock.now().toISOString(),
    };
  }

  private inbound(visitor: WebchatVisitorRow, input: VisitorMessageInput): Promise<InboundMessage> {
    const address = visitorAddress(visitor.id);
    const stored = input.media;
    return Promise.resolve({
      externalId: externalIdOf(visitor.id, input.id),
      chat: { id: address, isGroup: false },
      sender: { number: address, name: visitor.name || undefined },
      fromMe: false,
      timestamp: this.ctx.clock.now(),
      kind: stored ? mediaKindOf(stored.mimetype) : 'chat',
      body: input.body,
      ...(stored
        ? {
            media: {
              mimetype: stored.mimetype,
              filename: stored.filename,
              open: () => Promise.resolve(this.media.stream(stored.name) as Readable),
            },
          }
        : {}),
    });
  }

  /** The visitor's conversation: the messages of their own tickets on this connection. */
  async history(visitor: WebchatVisitorRow): Promise<WebchatMessageDTO[]> {
    const [contact] = await this.ctx.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.number, visitorAddress(visitor.id)));
    if (!contact) return [];
    const ticketIds = (
      await this.ctx.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.contactId, contact.id), eq(tickets.whatsappId, visitor.whatsappId)))
    ).map((t) => t.id);
    if (ticketIds.length === 0) return [];
    // Private notes never reach the visitor (store/customer-visible.ts).
    const rows = await customerVisibleMessages(
      this.ctx.db,
      inArray(messages.ticketId, ticketIds),
      ne(messages.sendState, 'failed'),
      or(eq(messages.fromMe, false), eq(messages.isDeleted, false)),
    )
      .orderBy(asc(messages.createdAt))
      .limit(HISTORY_LIMIT);
    return rows.map(presentVisitorMessage);
  }

  /** A message of the visitor's own conversation with an attachment (by its channel id), or 404. */
  async visitorMedia(visitor: WebchatVisitorRow, messageId: string): Promise<MessageRow> {
    const [row] = await this.ctx.db
      .select({ message: messages })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(
        customerVisible(
          eq(messages.whatsappId, visitor.whatsappId),
          eq(messages.externalId, messageId),
          eq(tickets.whatsappId, visitor.whatsappId),
          eq(contacts.number, visitorAddress(visitor.id)),
        ),
      );
    if (!row?.message.mediaPath || (row.message.fromMe && row.message.isDeleted)) throw new AppError('ERR_NOT_FOUND', 404);
    return row.message;
  }

  /** Sends an event to every open widget of the visitor. */
  push(visitorId: string, event: string, payload: unknown): void {
    this.ctx.realtime.emitIn(WEBCHAT_NAMESPACE, visitorRoom(visitorId), event, payload);
  }

  /** Sends an event to the visitor's open widgets; resolves whether one of them confirmed it. */
  async pushConfirmed(visitorId: string, event: string, payload: unknown): Promise<boolean> {
    return (await this.ctx.realtime.emitInWithAck(WEBCHAT_NAMESPACE, visitorRoom(visitorId), event, payload, RECEIPT_TIMEOUT_MS)) > 0;
  }
}
