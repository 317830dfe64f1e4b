/**
 * What anonymous web chat visitors may make the product keep and show: each upload is capped
 * below the staff's own limit, each visitor and each connection has a daily total of uploaded
 * bytes, new conversations on a connection are admitted at a bounded rate (past it the connection
 * is shown "flooded" to admins), and visitors with no activity for a while are removed with their
 * tokens (their tickets and messages stay as history).
 *
 * The counters live in `rate_counters` (fixed windows judged by the database clock), so every
 * server process counts against the same budget. Bytes are counted in KiB so large daily totals
 * fit the counter.
 */
import { EVENTS, type ConnectionEvent } from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import { presentConnectionById } from '../../store/connections.js';
import type { AppContext } from '../../context.js';
import { ROOM_ADMINS } from '../../realtime/rooms.js';
import { announce } from '../../realtime/announce.js';
import type { Db } from '../../db/client.js';
import { rateCounters } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { megabytes } from '../../lib/media-store.js';
import { rowsOf } from '../../lib/sql.js';
import { WEBCHAT_ADDRESS_SUFFIX, type WebchatVisitorRow } from '../../store/webchat.js';
import { FLOOD_SHOWN_SECONDS, floodKey } from '../../store/webchat-flood.js';

export interface WebchatLimitsConfig {
  /** Largest file a visitor may upload. */
  uploadMaxBytes: number;
  /** Uploaded bytes per visitor per day. */
  visitorDailyBytes: number;
  /** Uploaded bytes per connection per day, all its visitors together. */
  connectionDailyBytes: number;
  /** New conversations (visitors starting) per connection per minute. */
  newConversationsPerMinute: number;
  /** Visitors with no activity for this many days are removed. */
  visitorExpiryDays: number;
}

const DAY_SECONDS = 24 * 60 * 60;
/** The expiry's deletion runs at most this often (the scheduler ticks every few seconds). */
const EXPIRY_EVERY_MS = 60 * 60 * 1000;

const visitorBytesKey = (visitorId: string) => `webchat:bytes:visitor:${visitorId}`;
const connectionBytesKey = (connectionId: number) => `webchat:bytes:connection:${connectionId}`;
const newConversationsKey = (connectionId: number) => `webchat:new:${connectionId}`;
const kib = (bytes: number) => Math.ceil(bytes / 1024);

const quotaExceeded = (what: string) => new AppError('ERR_UPLOAD_QUOTA', 413, `The daily upload total of ${what} is used up`);

export class WebchatLimits {
  private lastExpiry = 0;

  constructor(
    private readonly ctx: AppContext,
    readonly config: WebchatLimitsConfig,
  ) {}

  /**
   * How many bytes the visitor may upload now: the file cap, or less when a daily total is nearly
   * used up (ERR_UPLOAD_QUOTA when nothing is left). Read before the upload, so a visitor over
   * quota is refused without reading the file.
   */
  async uploadBudget(visitor: WebchatVisitorRow): Promise<{ bytes: number; byQuota: boolean }> {
    const used = await this.current([visitorBytesKey(visitor.id), connectionBytesKey(visitor.whatsappId)]);
    const visitorLeft = this.config.visitorDailyBytes - used[0] * 1024;
    const connectionLeft = this.config.connectionDailyBytes - used[1] * 1024;
    if (visitorLeft <= 0) throw quotaExceeded('this visitor');
    if (connectionLeft <= 0) throw quotaExceeded('this chat');
    const left = Math.min(visitorLeft, connectionLeft);
    return left < this.config.uploadMaxBytes ? { bytes: left, byQuota: true } : { bytes: this.config.uploadMaxBytes, byQuota: false };
  }

  /**
   * Counts a stored upload against both daily totals. Uploads running side by side may together
   * pass a total the budget allowed each of: then this one is taken back out and refused.
   */
  async countUpload(visitor: WebchatVisitorRow, bytes: number): Promise<void> {
    const amount = kib(bytes);
    const [visitorTotal, connectionTotal] = await Promise.all([
      this.add(visitorBytesKey(visitor.id), amount, DAY_SECONDS),
      this.add(connectionBytesKey(visitor.whatsappId), amount, DAY_SECONDS),
    ]);
    const overVisitor = visitorTotal * 1024 > this.config.visitorDailyBytes;
    const overConnection = connectionTotal * 1024 > this.config.connectionDailyBytes;
    if (!overVisitor && !overConnection) return;
    await Promise.all([
      this.add(visitorBytesKey(visitor.id), -amount, DAY_SECONDS),
      this.add(connectionBytesKey(visitor.whatsappId), -amount, DAY_SECONDS),
    ]);
    throw quotaExceeded(overVisitor ? 'this visitor' : 'this chat');
  }

  /** Refusal for an upload the budget cut short. */
  tooLarge(budget: { bytes: number; byQuota: boolean }): AppError {
    return budget.byQuota
      ? quotaExceeded('this visitor or chat')
      : new AppError('ERR_MEDIA_TOO_LARGE', 413, `A file may be at most ${megabytes(this.config.uploadMaxBytes)}`);
  }

  /**
   * Admits one new conversation on a connection, or refuses it (429) and marks the connection
   * flooded for admins to see.
   */
  async admitNewConversation(connectionId: number): Promise<void> {
    const count = await this.add(newConversationsKey(connectionId), 1, 60);
    if (count <= this.config.newConversationsPerMinute) return;
    const marked = await this.ctx.db.execute(sql`
      insert into ${rateCounters} as c (key, hits, resets_at)
      values (${floodKey(connectionId)}, 1, now() + make_interval(secs => ${FLOOD_SHOWN_SECONDS}))
      on conflict (key) do update set
        hits = case when c.resets_at <= now() then 1 else c.hits + 1 end,
        resets_at = excluded.resets_at
      returning hits`);
    // A flood that just began reaches the admins' Connections screen at once.
    if (Number(rowsOf(marked)[0]?.hits) === 1) {
      const whatsapp = await presentConnectionById(this.ctx.db, connectionId);
      if (whatsapp) announce(this.ctx, ROOM_ADMINS, EVENTS.whatsapp, { action: 'update', whatsapp } satisfies ConnectionEvent);
    }
    throw new AppError('ERR_TOO_MANY_REQUESTS', 429, 'Too many new conversations on this chat right now; try again in a minute');
  }

  /**
   * Removes visitors whose last activity (start, or a message of their conversation on the
   * connection) is older than the expiry; their tokens stop working. Run by the scheduler's
   * leader; the deletion itself is conditional, so two holders during a takeover do no harm.
   */
  async expireVisitors(now: Date, force = false): Promise<number> {
    if (!force && now.getTime() - this.lastExpiry < EXPIRY_EVERY_MS) return 0;
    this.lastExpiry = now.getTime();
    const cutoff = new Date(now.getTime() - this.config.visitorExpiryDays * DAY_SECONDS * 1000).toISOString();
    const result = await this.ctx.db.execute(sql`
      delete from webchat_visitors v
      where v.created_at < ${cutoff}::timestamptz
        and not exists (
          select 1 from contacts c
          join tickets t on t.contact_id = c.id and t.whatsapp_id = v.whatsapp_id
          join messages m on m.ticket_id = t.id
          where c.number = v.id || ${WEBCHAT_ADDRESS_SUFFIX} and m.created_at >= ${cutoff}::timestamptz)
      returning v.id`);
    return rowsOf(result).length;
  }

  private async current(keys: string[]): Promise<number[]> {
    const rows = rowsOf(
      await this.ctx.db.execute(sql`
        select key, hits from ${rateCounters}
        where key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )}) and resets_at > now()`),
    );
    return keys.map((k) => Number(rows.find((r) => r.key === k)?.hits ?? 0));
  }

  /** Adds to a fixed-window counter (a new window once the last has passed); the new total. */
  private async add(key: string, amount: number, windowSeconds: number): Promise<number> {
    return addToCounter(this.ctx.db, key, amount, windowSeconds);
  }
}

async function addToCounter(db: Db, key: string, amount: number, windowSeconds: number): Promise<number> {
  const result = await db.execute(sql`
    insert into ${rateCounters} as c (key, hits, resets_at)
    values (${key}, greatest(${amount}, 0), now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      hits = case when c.resets_at <= now() then greatest(${amount}, 0) else greatest(c.hits + ${amount}, 0) end,
      resets_at = case when c.resets_at <= now() then excluded.resets_at else c.resets_at end
    returning hits`);
  return Number(rowsOf(result)[0].hits);
}
