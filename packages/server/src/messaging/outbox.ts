/**
 * Outbound messages: the row is written first (ack 0, the clock icon), then delivered by this
 * outbox with retries. Each row carries the channel message id it will be sent with, so a resend
 * after a crash is recognised by the channel as the same message, and an idempotency key makes a
 * double-click or a retried request create one row.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { ChannelError, type ChatAddress, type OutboundMedia } from '../channels/driver.js';
import type { ChannelManager } from '../channels/manager.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { contacts, messages, tickets } from '../db/schema.js';
import { customerVisible } from '../store/customer-visible.js';
import { presentMessages, type MessageRow } from '../store/message-present.js';
import { rowsOf } from '../lib/sql.js';
import { presentTicketById } from '../store/ticket-present.js';
import type { MediaStore, StoredMedia } from '../lib/media-store.js';
import { previewOf } from './preview.js';
import { announceMessage } from './ticket-events.js';
import { pruneEarlyReceipts, takeEarlyReceipt } from './early-receipts.js';
import type { TicketRow } from './store-batch.js';

export interface OutboundRequest {
  ticket: TicketRow;
  body: string;
  media?: StoredMedia & { voiceNote?: boolean };
  quotedMsgId?: string | null;
  userId?: number | null;
  idempotencyKey?: string;
  /** Send this approved template (Cloud API); `body` is its text as the customer reads it. */
  template?: { name: string; language: string; variables: string[] };
}

const MAX_ATTEMPTS = 8;
const BACKOFF_SECONDS = [5, 15, 60, 300, 900, 1800, 3600];
const SENDING_LEASE_SECONDS = 60;
/** When a claim taken at `now` runs out (a timestamptz for SQL). */
const leaseUntil = (now: Date) => sql`${new Date(now.getTime() + SENDING_LEASE_SECONDS * 1000).toISOString()}::timestamptz`;
const BATCH = 20;

/** Channel ids in the form WhatsApp clients generate (upper-case hex with the usual prefix). */
export function newExternalId(): string {
  return `3EB0${randomBytes(16).toString('hex').toUpperCase()}`;
}

export class Outbox {
  private draining = new Map<number, Promise<void>>();
  private again = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly channels: ChannelManager,
    private readonly media: MediaStore,
  ) {}

  /** Writes the pending message (and the ticket's last-message fields); returns the row. */
  async enqueue(req: OutboundRequest, db: DbOrTx = this.ctx.db): Promise<{ row: MessageRow; duplicate: boolean }> {
    const now = this.ctx.clock.now();
    const kind = req.media ? (req.media.kind === 'sticker' ? 'image' : req.media.kind) : 'chat';
    const run = async (tx: DbOrTx) => {
      const [row] = await tx
        .insert(messages)
        .values({
          id: randomUUID(),
          ticketId: req.ticket.id,
          whatsappId: req.ticket.whatsappId,
          externalId: newExternalId(),
          userId: req.userId ?? null,
          body: req.body,
          fromMe: true,
          read: true,
          mediaType: kind,
          mediaPath: req.media?.name ?? null,
          mediaName: req.media?.filename ?? null,
          mediaMime: req.media?.mimetype ?? null,
          quotedMsgId: req.quotedMsgId ?? null,
          ack: 0,
          sendState: 'pending',
          idempotencyKey: req.idempotencyKey ?? null,
          template: req.template ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        const [existing] = await tx
          .select()
          .from(messages)
          .where(and(eq(messages.ticketId, req.ticket.id), eq(messages.idempotencyKey, req.idempotencyKey ?? '')));
        return { row: existing, duplicate: true };
      }
      await tx
        .update(tickets)
        .set({
          lastMessage: previewOf(kind, req.body, row.mediaName),
          lastMessageAt: now,
          lastMessageFromMe: true,
          unreadMessages: 0,
          updatedAt: now,
        })
        .where(eq(tickets.id, req.ticket.id));
      return { row, duplicate: false };
    };
    return db === this.ctx.db ? this.ctx.db.transaction(run) : run(db);
  }

  /** Starts the retry timer (stale claims, backoffs). */
  start(intervalMs = 5000): void {
    this.stopped = false;
    let ticks = 0;
    this.timer = setInterval(() => {
      // kick() logs its own failures and never rejects.
      for (const id of this.channels.connectedIds()) void this.kick(id);
      // About once a minute: receipts that waited an hour for a send belong to none of ours.
      if (++ticks % Math.max(1, Math.round(60_000 / intervalMs)) === 0) {
        pruneEarlyReceipts(this.ctx.db).catch((err: unknown) => this.ctx.log.error({ err }, 'pruning early receipts failed'));
      }
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.draining.values()]);
  }

  /** Delivers what is due for a connection; concurrent kicks coalesce into one more pass. */
  kick(connectionId: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const running = this.draining.get(connectionId);
    if (running) {
      this.again.add(connectionId);
      return running;
    }
    const pass = (async () => {
      try {
        do {
          this.again.delete(connectionId);
          while (await this.drainBatch(connectionId)) {
            /* keep going while full batches were sent */
          }
        } while (this.again.has(connectionId) && !this.stopped);
      } catch (err) {
        this.ctx.log.error({ err, connectionId }, 'outbox pass failed');
      } finally {
        this.draining.delete(connectionId);
      }
    })();
    this.draining.set(connectionId, pass);
    return pass;
  }

  /** Resolves when no pass is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.draining.size) await Promise.allSettled([...this.draining.values()]);
  }

  /** Sends one claimed batch; returns whether there may be more to send now. */
  private async drainBatch(connectionId: number): Promise<boolean> {
    if (!this.channels.connected(connectionId)) return false;
    const claimed = await this.claim(connectionId);
    if (claimed.length === 0) return false;
    for (let i = 0; i < claimed.length; i++) {
      // A paced pass (WHATSAPP_SEND_GAP_MS) can outlast the claim: before each send the claim
      // on what is left is renewed, and a row that is no longer ours (taken by the process that
      // now holds the session) is left to it instead of being sent a second time.
      const kept = await this.renew(claimed.slice(i));
      if (!kept.has(claimed[i].id)) continue;
      const outcome = await this.deliver(claimed[i]);
      if (outcome === 'channel-down') {
        await this.release(claimed.slice(i));
        return false;
      }
    }
    return claimed.length === BATCH;
  }

  /**
   * Claims due rows under this process's channel-lease holder name. Only the lease holder of a
   * connection sends for it, so a row another holder claimed belongs to a process that lost the
   * session (killed, or cut off and stopped): it is due at once, not when its claim would expire.
   * It goes out with the same channel message id, which the channel recognises, so a send the old
   * holder did finish is not delivered twice. The expiry still frees rows of a pass of our own
   * that died half-way.
   */
  private async claim(connectionId: number): Promise<MessageRow[]> {
    const holder = this.channels.holder;
    // Due times are the app's clock, like the retry times written after a failed send.
    const now = this.ctx.clock.now();
    const result = await this.ctx.db.execute(sql`
      update ${messages} set send_state = 'sending', claimed_by = ${holder},
        next_attempt_at = ${leaseUntil(now)},
        send_attempts = send_attempts + 1
      where id in (
        select id from ${messages}
        where whatsapp_id = ${connectionId}
          and not is_private
          and ((send_state = 'pending' and (next_attempt_at is null or next_attempt_at <= ${now.toISOString()}::timestamptz))
            or (send_state = 'sending' and (next_attempt_at <= ${now.toISOString()}::timestamptz or claimed_by is distinct from ${holder})))
        order by created_at
        limit ${BATCH}
        for update skip locked)
      returning id`);
    const ids = rowsOf(result).map((r) => String(r.id));
    if (ids.length === 0) return [];
    const rows = await this.ctx.db
      .select()
      .from(messages)
      .where(sql`${messages.id} in ${ids}`);
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** Extends this process's claim on `rows`; the ids still claimed by it. */
  private async renew(rows: MessageRow[]): Promise<Set<string>> {
    const result = await this.ctx.db.execute(sql`
      update ${messages} set next_attempt_at = ${leaseUntil(this.ctx.clock.now())}
      where id in ${rows.map((r) => r.id)} and send_state = 'sending' and claimed_by = ${this.channels.holder}
      returning id`);
    return new Set(rowsOf(result).map((r) => String(r.id)));
  }

  private async release(rows: MessageRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.ctx.db
      .update(messages)
      .set({ sendState: 'pending', nextAttemptAt: null, claimedBy: null, sendAttempts: sql`greatest(${messages.sendAttempts} - 1, 0)` })
      .where(sql`${messages.id} in ${rows.map((r) => r.id)}`);
  }

  private async deliver(row: MessageRow): Promise<'sent' | 'failed' | 'retry' | 'channel-down'> {
    const driver = this.channels.connected(row.whatsappId ?? -1);
    if (!driver) return 'channel-down';
    try {
      const to = await this.addressOf(row);
      const quotedExternalId = row.quotedMsgId ? await this.externalIdOf(row.quotedMsgId) : undefined;
      const options = { messageId: row.externalId ?? undefined, quotedExternalId, template: row.template ?? undefined };
      const sent = row.mediaPath
        ? await driver.sendMedia(to, await this.mediaOf(row), options)
        : await driver.sendText(to, row.body, options);
      // The channel may have refused it already (a failed event can overtake this write): a
      // refusal stands, the send is not recorded over it.
      const externalId = sent.externalId || row.externalId;
      const recorded = await this.update(
        row.id,
        {
          sendState: 'sent',
          externalId,
          ack: sql`greatest(${messages.ack}, 1)` as never,
          rawPayload: sent.raw ?? null,
          lastError: null,
          nextAttemptAt: null,
        },
        ne(messages.sendState, 'failed'),
      );
      if (!recorded) return 'failed';
      return (await this.applyEarlyReceipt(row, externalId)) ? 'failed' : 'sent';
    } catch (err) {
      const code = err instanceof ChannelError ? err.code : 'ERR_SENDING_WAPP_MSG';
      if (code === 'ERR_WAPP_NOT_INITIALIZED') return 'channel-down';
      const refusedForGood = err instanceof ChannelError && err.retryable === false;
      const permanent = code === 'ERR_WAPP_INVALID_CONTACT' || refusedForGood || row.sendAttempts >= MAX_ATTEMPTS;
      this.ctx.log.warn({ err, messageId: row.id, attempts: row.sendAttempts }, 'outbound send failed');
      const delay = BACKOFF_SECONDS[Math.min(row.sendAttempts - 1, BACKOFF_SECONDS.length - 1)] ?? 60;
      await this.update(row.id, {
        sendState: permanent ? 'failed' : 'pending',
        lastError: code,
        nextAttemptAt: permanent ? null : new Date(this.ctx.clock.now().getTime() + delay * 1000),
      });
      return permanent ? 'failed' : 'retry';
    }
  }

  /**
   * Applies a receipt that arrived for this id before it was recorded (early-receipts.ts); true
   * when it says the channel refused the message.
   */
  private async applyEarlyReceipt(row: MessageRow, externalId: string | null): Promise<boolean> {
    if (!externalId || row.whatsappId === null) return false;
    const early = await takeEarlyReceipt(this.ctx.db, row.whatsappId, externalId);
    if (!early) return false;
    if (early.failure) {
      await this.update(
        row.id,
        { sendState: 'failed', lastError: early.failure.error, failureCode: early.failure.code, nextAttemptAt: null, claimedBy: null },
        ne(messages.sendState, 'failed'),
      );
      return true;
    }
    await this.update(row.id, { ack: sql`greatest(${messages.ack}, ${early.ack})` as never }, ne(messages.sendState, 'failed'));
    return false;
  }

  /** Writes the row (when `only` holds) and announces it; false when nothing was written. */
  private async update(id: string, set: Partial<typeof messages.$inferInsert>, only?: SQL): Promise<boolean> {
    const [row] = await this.ctx.db
      .update(messages)
      .set({ ...set, updatedAt: this.ctx.clock.now() })
      .where(only ? and(eq(messages.id, id), only) : eq(messages.id, id))
      .returning();
    if (!row) return false;
    const ticket = await presentTicketById(this.ctx.db, row.ticketId);
    const [dto] = await presentMessages(this.ctx.mediaLinks, this.ctx.db, [row]);
    if (ticket) announceMessage(this.ctx, 'update', dto, ticket);
    return true;
  }

  /** The contact's number, and the LID WhatsApp knows them by when we learnt it (sends go there). */
  private async addressOf(row: MessageRow): Promise<ChatAddress> {
    const [c] = await this.ctx.db
      .select({ number: contacts.number, isGroup: contacts.isGroup, lid: contacts.lid })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(eq(tickets.id, row.ticketId));
    return c.lid && !c.isGroup ? { id: c.number, isGroup: false, lid: c.lid } : { id: c.number, isGroup: c.isGroup };
  }

  private async externalIdOf(messageId: string): Promise<string | undefined> {
    // The quote goes to the customer's channel: a private note is never quoted there.
    const [m] = await this.ctx.db
      .select({ externalId: messages.externalId })
      .from(messages)
      .where(customerVisible(eq(messages.id, messageId)));
    return m?.externalId ?? undefined;
  }

  private async mediaOf(row: MessageRow): Promise<OutboundMedia> {
    const kind = row.mediaType === 'image' || row.mediaType === 'video' || row.mediaType === 'audio' ? row.mediaType : 'document';
    return {
      kind,
      mimetype: row.mediaMime ?? 'application/octet-stream',
      filename: row.mediaName ?? 'file',
      data: await this.media.read(row.mediaPath!),
      caption: row.body || undefined,
      voiceNote: kind === 'audio',
    };
  }
}
