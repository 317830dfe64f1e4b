/**
 * The inbound pipeline (BEHAVIOUR "Inbound message"): a normalized channel event is persisted —
 * contact, ticket, message — in one transaction before anything reacts to it; then realtime events
 * go out and listeners (automation) run. A replayed event changes nothing.
 */
import { type ContactDTO, type MessageDTO, type TicketDTO } from '@switchboard/shared';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { ChatAddress, DriverEvent, InboundMessage } from '../channels/driver.js';
import type { AppContext } from '../context.js';
import { contacts, messages, tickets } from '../db/schema.js';
import { findConnection, type ConnectionRow } from '../store/connections.js';
import { presentMessages, type MessageRow } from '../store/message-present.js';
import { presentTicketById } from '../store/ticket-present.js';
import { MediaTooLargeError, type MediaStore, type StoredMedia } from '../lib/media-store.js';
import { announceMessage, announceTicket, announceContact } from './ticket-events.js';
import type { ContactRow, MediaErrorCode, TicketRow } from './store-batch.js';
import { MicroBatcher } from '../lib/micro-batcher.js';
import { storeInbound, type BatchItem, type BatchStored, type Held } from './store-batch.js';
import { presentTickets } from '../store/ticket-present.js';
import { presentContacts } from '../store/contacts.js';
import { attachNumberToLid, isLidNumber, numberForLid } from '../store/lid-identity.js';
import { cleanDriverEvent, cleanInboundMessage } from '../channels/clean-inbound.js';
import { isPlaceholder, replacePlaceholder } from './placeholder.js';
import { COMPANY_REACTOR, recordEdit, setReaction } from '../store/message-reactions.js';
import { parkEarlyReceipt } from './early-receipts.js';

/** What listeners (automation) learn about each stored inbound message. */
export interface InboundStored {
  connection: ConnectionRow;
  contact: ContactRow;
  ticket: TicketRow;
  message: MessageRow;
  ticketCreated: boolean;
  /** How many sectors the connection had when the message was stored, if the store read it along. */
  connectionSectors?: number;
  /** Campaign recipients the message marked replied, if the store did it along. */
  campaignReplies?: { id: number; campaignId: number }[];
  /**
   * The store recorded the ticket's automatic-reply recovery time with the message
   * (auto-reply-due.ts); false or absent when it did not (e.g. a resend replacing a placeholder).
   */
  autoReplyDueRecorded?: boolean;
}

export type InboundListener = (stored: InboundStored) => Promise<void> | void;

/**
 * Decides, before a ticket is touched, whether a message is consumed elsewhere (rating answers).
 * Asked only about a customer's message in a one-to-one chat where a rating request waits: the
 * store finds those along with writing the batch and holds them back (store-batch.ts,
 * `holdIfAwaited`), so the other messages spend no lookup of their own on the way.
 */
export type InboundInterceptor = (connection: ConnectionRow, msg: InboundMessage) => Promise<boolean>;

export interface CallPolicy {
  /** Called for every inbound call; returns whether it was rejected. */
  onCall(connectionId: number, call: Extract<DriverEvent, { type: 'call' }>): Promise<boolean>;
}

interface Presented extends BatchStored {
  ticketDto: TicketDTO;
  messageDto: MessageDTO;
  /** Set on the first message of a contact this batch created: announce it once. */
  contactDto?: ContactDTO;
}

/** A stored batch item, and the batch's presentation that is read back beside the next write. */
interface StoredInBatch {
  stored: BatchStored;
  presentation: Promise<Map<string, Presented>>;
}

function uniqueBy<T>(xs: T[], key: (x: T) => unknown): T[] {
  const seen = new Set<unknown>();
  return xs.filter((x) => (seen.has(key(x)) ? false : (seen.add(key(x)), true)));
}

export class InboundPipeline {
  private listeners: InboundListener[] = [];
  private interceptors: InboundInterceptor[] = [];
  callPolicy: CallPolicy | null = null;

  private readonly batcher: MicroBatcher<BatchItem, StoredInBatch | Held | null>;

  constructor(
    private readonly ctx: AppContext,
    private readonly media: MediaStore,
  ) {
    // One batch is written at a time, which keeps the order of arrival; concurrent submissions form
    // the next batch. Presenting a stored batch (reads only) runs beside the next batch's write.
    // A batch is let fill a little before it is taken (MicroBatcher `gather`): under a steady load
    // the messages in flight otherwise split into a lone message and all the others.
    this.batcher = new MicroBatcher((items) => this.storeMany(items), 200, 1, true);
  }

  onStored(listener: InboundListener): void {
    this.listeners.push(listener);
  }

  intercept(interceptor: InboundInterceptor): void {
    this.interceptors.push(interceptor);
  }

  async handle(connectionId: number, received: DriverEvent): Promise<void> {
    const event = cleanDriverEvent(received);
    switch (event.type) {
      case 'message':
        return void (await this.message(connectionId, event.message));
      case 'ack':
        return this.ack(connectionId, event.externalId, event.ack);
      case 'failed':
        return this.failed(connectionId, event.externalId, event.error, event.code);
      case 'revoke':
        return this.revoke(connectionId, event.externalId);
      case 'edit':
        return this.edit(connectionId, event.externalId, event.body);
      case 'reaction':
        return this.reaction(connectionId, event);
      case 'call':
        return this.call(connectionId, event);
      case 'contact':
        return this.contactUpdate(event);
      default:
        return;
    }
  }

  /** Stores one inbound message; returns what was stored, or null for ignored/duplicate events. */
  async message(connectionId: number, received: InboundMessage): Promise<InboundStored | null> {
    let msg = cleanInboundMessage(received);
    const connection = await this.connection(connectionId);
    if (!connection) return null;
    if (msg.chat.isGroup && (!connection.isGroup || this.ctx.settings.isEnabled('CheckMsgIsGroup'))) return null;
    msg = await this.settleIdentity(msg);
    // Interceptors answer a customer in a one-to-one chat; the store holds such a message back
    // when a rating request waits for the chat, and only then are they asked.
    const holdIfAwaited = !msg.fromMe && !msg.chat.isGroup && this.interceptors.length > 0;
    // A redelivered media message must not be downloaded again (unless it is the resend of a message
    // that could not be decrypted: placeholder.ts); text duplicates are caught on insert.
    const stored = msg.media ? await this.alreadyStored(connectionId, msg.externalId) : undefined;
    // It skips the store, so the interceptors are asked here, as for any message before.
    if (stored && holdIfAwaited && (await this.intercepted(connection, msg))) return null;
    if (stored && !stored.placeholder) return null;
    const { media, mediaError } = msg.media ? await this.saveMedia(msg) : { media: null, mediaError: undefined };

    const item: BatchItem = { connection, msg, media, mediaError, holdIfAwaited };
    let entry = stored ? null : await this.batcher.submit(item);
    if (entry === 'held') {
      // A chat's messages are held together; only a customer's is the interceptors' to decide.
      if (holdIfAwaited && (await this.intercepted(connection, msg))) return null;
      // Not consumed: stored now like any other message.
      entry = await this.batcher.submit({ ...item, holdIfAwaited: false });
      if (entry === 'held') throw new Error('a message asked not to be held was held');
    }
    // Already stored: a redelivery changes nothing, a resend fills the placeholder it was waiting for.
    if (!entry) return msg.awaitingResend ? null : this.replaced(connection, item);
    const result = (await entry.presentation).get(entry.stored.message.id)!;
    // The cluster test's fault: a process killed between storing a message and announcing it.
    if (this.ctx.config.faultKillAfterStoring !== undefined && !msg.fromMe && msg.body === this.ctx.config.faultKillAfterStoring)
      process.kill(process.pid, 'SIGKILL');
    if (result.contactDto) announceContact(this.ctx, { action: 'create', contact: result.contactDto });
    // The message event carries its ticket, which is all a list needs to raise it; a separate
    // ticket event is sent only when the ticket is new.
    if (result.ticketCreated) announceTicket(this.ctx, 'create', result.ticketDto);
    announceMessage(this.ctx, 'create', result.messageDto, result.ticketDto);
    // Automation answers what the customer wrote: it waits for the resend (replaced()).
    if (msg.awaitingResend) return result;
    await this.notifyListeners(result);
    return result;
  }

  /**
   * The resend of a message that could not be decrypted: its content replaces the placeholder, the
   * change is announced like an edit, and automation sees the message now. Null when there was no
   * placeholder (an ordinary redelivery).
   */
  private async replaced(connection: ConnectionRow, item: BatchItem): Promise<InboundStored | null> {
    const row = await replacePlaceholder(this.ctx.db, item, this.ctx.clock.now());
    if (!row) return null;
    await this.announceUpdates([row]);
    const [ticket] = await this.ctx.db.select().from(tickets).where(eq(tickets.id, row.ticketId));
    const [contact] = await this.ctx.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
    const result: InboundStored = { connection, contact, ticket, message: row, ticketCreated: false };
    await this.notifyListeners(result);
    return result;
  }

  /** Whether an interceptor consumed the message (a rating answer). */
  private async intercepted(connection: ConnectionRow, msg: InboundMessage): Promise<boolean> {
    for (const intercept of this.interceptors) if (await intercept(connection, msg)) return true;
    return false;
  }

  private async notifyListeners(result: InboundStored): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(result);
      } catch (err) {
        this.ctx.log.error({ err, ticketId: result.ticket.id }, 'inbound listener failed');
      }
    }
  }

  /**
   * Writes a batch (store-batch.ts: known chats at once, the rest in a transaction). The
   * batch's presentation starts here but is not awaited, so the next batch can be written while
   * this one is read back: a chat's next message is not submitted before its previous one was
   * announced, so overlapping never reorders one conversation.
   */
  private async storeMany(items: BatchItem[]): Promise<(StoredInBatch | Held | null | Error)[]> {
    const now = this.ctx.clock.now();
    const reopenWithin = Number(this.ctx.settings.get('timeCreateNewTicket')) || 0;
    const stored = await storeInbound(this.ctx.database, items, now, reopenWithin, (err, stage) => {
      // A batch losing a race with another writer is expected under load; the one-statement write of
      // known chats locks in order and skips conflicts, so its failure is worth a look (the batch is
      // still stored, in a transaction).
      if (stage === 'known') this.ctx.log.warn({ err }, 'storing known chats at once failed; storing them in a transaction');
      else this.ctx.log.debug?.({ err }, 'batch store conflicted; storing one by one');
    });
    const ok = stored.filter((r): r is BatchStored => !!r && r !== 'held' && !(r instanceof Error));
    const presentation = ok.length ? this.presentBatch(ok) : Promise.resolve(new Map<string, Presented>());
    // Each stored item's caller awaits the presentation and receives its failure; this handler
    // only keeps a failure from counting as unhandled before those callers have resumed.
    presentation.catch(() => undefined);
    return stored.map((r) => (!r || r === 'held' || r instanceof Error ? r : { stored: r, presentation }));
  }

  /** Reads back what a batch stored as the DTOs realtime announces, by message id. */
  private async presentBatch(ok: BatchStored[]): Promise<Map<string, Presented>> {
    const known = {
      contacts: uniqueBy(
        ok.flatMap((r) => [r.contact, ...(r.sender ? [r.sender] : [])]),
        (c) => c.id,
      ),
      whatsapps: uniqueBy(
        ok.map((r) => ({ id: r.connection.id, name: r.connection.name })),
        (w) => w.id,
      ),
      tags: new Map(ok.flatMap((r) => (r.contactTags ? [[r.contact.id, r.contactTags] as const] : []))),
    };
    const ticketDtos = new Map(
      (
        await presentTickets(
          this.ctx.db,
          uniqueBy(
            ok.map((r) => r.ticket),
            (t) => t.id,
          ),
          known,
        )
      ).map((t) => [t.id, t]),
    );
    const messageDtos = new Map(
      (
        await presentMessages(
          this.ctx.mediaLinks,
          this.ctx.db,
          ok.map((r) => r.message),
          // A reaction or edit arriving meanwhile is announced as an update of its own.
          { ...known, justInserted: true },
        )
      ).map((m) => [m.id, m]),
    );
    const newContacts = uniqueBy(
      ok.filter((r) => r.contactCreated).map((r) => r.contact),
      (c) => c.id,
    );
    const contactDtos = new Map((await presentContacts(this.ctx.db, newContacts)).map((c) => [c.id, c]));
    const announcedCreate = new Set<number>();
    const announcedContact = new Set<number>();
    const presented = new Map<string, Presented>();
    for (const r of ok) {
      const ticketCreated = r.ticketCreated && !announcedCreate.has(r.ticket.id);
      if (ticketCreated) announcedCreate.add(r.ticket.id);
      const contactDto = r.contactCreated && !announcedContact.has(r.contact.id) ? contactDtos.get(r.contact.id) : undefined;
      if (contactDto) announcedContact.add(r.contact.id);
      presented.set(r.message.id, {
        ...r,
        ticketCreated,
        ticketDto: ticketDtos.get(r.ticket.id)!,
        messageDto: messageDtos.get(r.message.id)!,
        contactDto,
      });
    }
    return presented;
  }

  private connectionCache = new Map<number, { row: Promise<ConnectionRow | undefined>; at: number }>();

  /**
   * Connection rows change rarely; a one-second cache saves a query per message under load. The
   * promise is cached, so messages arriving together share one read.
   */
  private connection(id: number): Promise<ConnectionRow | undefined> {
    // The cache's age is real time (Date.now), not the app's clock: a test's stopped clock would keep it forever.
    const hit = this.connectionCache.get(id);
    if (hit && Date.now() - hit.at < 1000) return hit.row;
    const row = findConnection(this.ctx.db, id);
    this.connectionCache.set(id, { row, at: Date.now() });
    row.catch(() => this.connectionCache.delete(id));
    return row;
  }

  private async alreadyStored(connectionId: number, externalId: string): Promise<{ placeholder: boolean } | undefined> {
    const [row] = await this.ctx.db
      .select({ lastError: messages.lastError, sendState: messages.sendState })
      .from(messages)
      .where(and(eq(messages.whatsappId, connectionId), eq(messages.externalId, externalId)));
    return row ? { placeholder: isPlaceholder(row) } : undefined;
  }

  /**
   * Streams the media to the store, up to MEDIA_MAX_MB. When it cannot be kept the message is still
   * stored (text, type, sender) and marked with the reason, which the chat shows.
   */
  private async saveMedia(msg: InboundMessage): Promise<{ media: StoredMedia | null; mediaError?: MediaErrorCode }> {
    try {
      const source = await msg.media!.open();
      const media = await this.media.saveStream(source, {
        filename: msg.media!.filename,
        kindHint: msg.kind === 'sticker' ? 'sticker' : undefined,
        purpose: 'received',
      });
      return { media };
    } catch (err) {
      if (err instanceof MediaTooLargeError) {
        this.ctx.log.warn({ externalId: msg.externalId, limit: err.limit }, 'inbound media over MEDIA_MAX_MB not kept');
        return { media: null, mediaError: 'ERR_MEDIA_TOO_LARGE' };
      }
      this.ctx.log.warn({ err, externalId: msg.externalId }, 'inbound media download failed');
      return { media: null, mediaError: 'ERR_WAPP_DOWNLOAD_MEDIA' };
    }
  }

  /**
   * Applies a receipt; acks only move forward (a late "delivered" never hides "read"), and a
   * message the channel refused stays failed: no late receipt turns it back into a tick. A receipt
   * for a send whose id is not recorded yet waits for it (early-receipts.ts).
   */
  async ack(connectionId: number, externalId: string, ack: number): Promise<void> {
    const apply = () =>
      this.ctx.db
        .update(messages)
        .set({ ack: sql`greatest(${messages.ack}, ${ack})`, updatedAt: this.ctx.clock.now() })
        .where(
          and(
            eq(messages.whatsappId, connectionId),
            eq(messages.externalId, externalId),
            sql`${messages.ack} < ${ack}`,
            ne(messages.sendState, 'failed'),
          ),
        )
        .returning();
    const rows = await apply();
    await this.announceUpdates(rows.length ? rows : await this.parkUnlessKnown(connectionId, externalId, { ack }, apply));
  }

  /**
   * The channel gave up on one of our messages after accepting it (or refused it, with its own
   * `code`): it shows failed, with why. It may arrive before the outbox has recorded the send as
   * done; the outbox then leaves it failed (Outbox.deliver), or, when the id itself was not
   * recorded yet, applies it on recording it.
   */
  async failed(connectionId: number, externalId: string, error: string, code?: string): Promise<void> {
    const apply = () =>
      this.ctx.db
        .update(messages)
        .set({
          sendState: 'failed',
          lastError: error,
          failureCode: code ?? null,
          nextAttemptAt: null,
          claimedBy: null,
          updatedAt: this.ctx.clock.now(),
        })
        .where(
          and(
            eq(messages.whatsappId, connectionId),
            eq(messages.externalId, externalId),
            eq(messages.fromMe, true),
            ne(messages.sendState, 'failed'),
          ),
        )
        .returning();
    const rows = await apply();
    await this.announceUpdates(
      rows.length ? rows : await this.parkUnlessKnown(connectionId, externalId, { failure: { error, code } }, apply),
    );
  }

  /**
   * A receipt that changed nothing: parked for the outbox when no message carries the id (yet),
   * then applied once more, in case the outbox recorded the id in between (the outbox applies
   * what is parked after recording, so a receipt it took too is applied twice — to the same end).
   */
  private async parkUnlessKnown(
    connectionId: number,
    externalId: string,
    receipt: Parameters<typeof parkEarlyReceipt>[3],
    apply: () => Promise<MessageRow[]>,
  ): Promise<MessageRow[]> {
    await parkEarlyReceipt(this.ctx.db, connectionId, externalId, receipt);
    return apply();
  }

  async revoke(connectionId: number, externalId: string): Promise<void> {
    const rows = await this.ctx.db
      .update(messages)
      .set({ isDeleted: true, updatedAt: this.ctx.clock.now() })
      .where(and(eq(messages.whatsappId, connectionId), eq(messages.externalId, externalId), eq(messages.isDeleted, false)))
      .returning();
    await this.announceUpdates(rows);
  }

  /** The text is replaced and the one it had kept in the history (store/message-reactions.ts). */
  async edit(connectionId: number, externalId: string, body: string): Promise<void> {
    const now = this.ctx.clock.now();
    const rows = await this.ctx.db.transaction(async (tx) => {
      const found = await tx
        .select()
        .from(messages)
        .where(and(eq(messages.whatsappId, connectionId), eq(messages.externalId, externalId)))
        .for('update');
      const updated: MessageRow[] = [];
      for (const row of found) {
        const edited = await recordEdit(tx, row, body, null, now);
        if (edited) updated.push(edited);
      }
      return updated;
    });
    await this.announceUpdates(rows);
  }

  /**
   * A reaction from the customer, or from another device of the company number, on a message we
   * hold; one on a message we never stored (older than the conversation here) is dropped.
   */
  async reaction(connectionId: number, event: Extract<DriverEvent, { type: 'reaction' }>): Promise<void> {
    const [row] = await this.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.whatsappId, connectionId), eq(messages.externalId, event.externalId)));
    if (!row) {
      this.ctx.log.info({ connectionId, externalId: event.externalId }, 'reaction on a message not stored here: dropped');
      return;
    }
    const reactor = event.fromMe ? COMPANY_REACTOR : event.from;
    await setReaction(this.ctx.db, { messageId: row.id, reactor, emoji: event.emoji, fromMe: event.fromMe, at: this.ctx.clock.now() });
    await this.announceUpdates([row]);
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

  /**
   * One person, one contact (store/lid-identity.ts): a message from a LID whose number
   * a contact already has goes to that contact; a message carrying both the number and the LID
   * gives a contact known only by the LID its number.
   */
  private async settleIdentity(msg: InboundMessage): Promise<InboundMessage> {
    const toKnownNumber = async (address: string): Promise<string> => {
      if (!isLidNumber(address)) return address;
      this.settledLids.delete(address); // a LID-only contact may be created for it now
      return (await numberForLid(this.ctx.db, address)) ?? address;
    };
    const chatId = msg.chat.isGroup ? msg.chat.id : await toKnownNumber(msg.chat.id);
    const chat = chatId === msg.chat.id ? msg.chat : { id: chatId, isGroup: false };
    let sender = msg.sender;
    if (!msg.fromMe && sender.lid) {
      if (isLidNumber(sender.number)) {
        sender = { ...sender, number: chat.isGroup ? await toKnownNumber(sender.number) : chat.id };
      } else if (!this.settledLids.has(sender.lid)) {
        await this.attachLid(sender.number, sender.lid);
        this.settledLids.add(sender.lid);
      }
    }
    return chat === msg.chat && sender === msg.sender ? msg : { ...msg, chat, sender };
  }

  /**
   * LIDs known, in this process, to have no contact of their own left: spares a query per message
   * (WhatsApp sends the LID along with nearly every message).
   */
  private readonly settledLids = new Set<string>();

  private async attachLid(number: string, lid: string): Promise<void> {
    const attached = await attachNumberToLid(this.ctx.db, number, lid, this.ctx.clock.now());
    if (!attached) return;
    if (attached.removedId !== null) announceContact(this.ctx, { action: 'delete', contactId: attached.removedId });
    for (const contact of await presentContacts(this.ctx.db, [attached.contact])) {
      announceContact(this.ctx, { action: 'update', contact });
    }
  }

  async contactUpdate(event: Extract<DriverEvent, { type: 'contact' }>): Promise<void> {
    if (event.lid && !isLidNumber(event.number)) await this.attachLid(event.number, event.lid);
    const set: Partial<typeof contacts.$inferInsert> = {};
    if (event.profilePicUrl) set.profilePicUrl = event.profilePicUrl;
    if (event.lid) set.lid = event.lid;
    const rows = Object.keys(set).length
      ? await this.ctx.db
          .update(contacts)
          .set({ ...set, updatedAt: this.ctx.clock.now() })
          .where(eq(contacts.number, event.number))
          .returning()
      : [];
    if (event.name) rows.push(...(await this.rename(event.number, event.name)));
    const latest = [...new Map(rows.map((row) => [row.id, row])).values()];
    for (const contact of await presentContacts(this.ctx.db, latest)) announceContact(this.ctx, { action: 'update', contact });
  }

  /**
   * A name the channel synced: a group's subject always (WhatsApp owns it); a person's only while
   * their contact shows no name but the number, so a name someone typed here is never overwritten.
   */
  private async rename(number: string, name: string): Promise<ContactRow[]> {
    return this.ctx.db
      .update(contacts)
      .set({ name, updatedAt: this.ctx.clock.now() })
      .where(and(eq(contacts.number, number), ne(contacts.name, name), or(eq(contacts.isGroup, true), eq(contacts.name, contacts.number))))
      .returning();
  }

  private async announceUpdates(rows: MessageRow[]): Promise<void> {
    if (rows.length === 0) return;
    const dtos = await presentMessages(this.ctx.mediaLinks, this.ctx.db, rows);
    const tickets = new Map<number, TicketDTO | null>();
    for (const dto of dtos) {
      if (!tickets.has(dto.ticketId)) tickets.set(dto.ticketId, await presentTicketById(this.ctx.db, dto.ticketId));
      const t = tickets.get(dto.ticketId);
      if (t) announceMessage(this.ctx, 'update', dto, t);
    }
  }
}

export type { ChatAddress };
