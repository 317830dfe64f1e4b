/**
 * Channel health you can see: per connection, the last hour's refused sends (by code), messages
 * the session could not decrypt, reconnects, rate limits, and the last close reason. In production
 * this is the tripwire for protocol drift after a baileys upgrade.
 *
 * The session runs in one process (the lease holder) while the Connections screen and /api/health
 * may be served by another, so the record lives in the database (channel_health_events), one row
 * per event; rows older than a day are deleted as new ones arrive.
 */
import type { ConnectionHealthDTO, ConnectionHealthListDTO } from '@switchboard/shared';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { channelHealthEvents, whatsapps } from '../db/schema.js';
import type { DriverEvent } from './driver.js';

const HOUR_MS = 60 * 60 * 1000;
const KEEP_MS = 24 * HOUR_MS;

export type HealthRecordKind = 'refused' | 'undecryptable' | 'reconnect' | 'rate-limited' | 'closed';

/** What a driver event adds to the record, if anything. */
export function healthEntryOf(event: DriverEvent): { kind: HealthRecordKind; code: string } | null {
  switch (event.type) {
    case 'failed':
      // The channel's own code when it gave one ('463'); else the product's error code.
      return { kind: 'refused', code: event.code ?? event.error };
    case 'health':
      return { kind: event.kind, code: event.reason ?? '' };
    case 'status':
      // A session stopped for a reason (logged out, banned, …): the last close reason.
      return event.status === 'DISCONNECTED' && event.reason ? { kind: 'closed', code: event.reason } : null;
    default:
      return null;
  }
}

export interface HealthThresholds {
  refusals: number;
  reconnects: number;
}

export class ChannelHealth {
  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'clock'>,
    readonly thresholds: HealthThresholds,
  ) {}

  /** Counts the event when it is one the record keeps; resolves once it is stored. */
  async record(connectionId: number, event: DriverEvent): Promise<void> {
    const entry = healthEntryOf(event);
    if (!entry) return;
    const at = this.ctx.clock.now();
    await this.ctx.db
      .insert(channelHealthEvents)
      .values({ whatsappId: connectionId, kind: entry.kind, code: entry.code.slice(0, 200), at });
    await this.ctx.db
      .delete(channelHealthEvents)
      .where(and(eq(channelHealthEvents.whatsappId, connectionId), lt(channelHealthEvents.at, new Date(at.getTime() - KEEP_MS))));
  }

  /** Every connection's health (connections without events show zeros). */
  async list(): Promise<ConnectionHealthListDTO> {
    const ids = (await this.ctx.db.select({ id: whatsapps.id }).from(whatsapps).orderBy(whatsapps.id)).map((r) => r.id);
    return { thresholds: this.thresholds, connections: await this.of(ids) };
  }

  async of(connectionIds: number[]): Promise<ConnectionHealthDTO[]> {
    if (connectionIds.length === 0) return [];
    const now = this.ctx.clock.now().getTime();
    const hourAgo = new Date(now - HOUR_MS);
    const counts = await this.ctx.db
      .select({
        id: channelHealthEvents.whatsappId,
        kind: channelHealthEvents.kind,
        code: channelHealthEvents.code,
        n: sql<number>`count(*)::int`,
      })
      .from(channelHealthEvents)
      .where(and(inArray(channelHealthEvents.whatsappId, connectionIds), gte(channelHealthEvents.at, hourAgo)))
      .groupBy(channelHealthEvents.whatsappId, channelHealthEvents.kind, channelHealthEvents.code);
    // The newest close of each connection: a reconnect names the close that caused it.
    const closes = await this.ctx.db
      .selectDistinctOn([channelHealthEvents.whatsappId], {
        id: channelHealthEvents.whatsappId,
        code: channelHealthEvents.code,
        at: channelHealthEvents.at,
      })
      .from(channelHealthEvents)
      .where(
        and(
          inArray(channelHealthEvents.whatsappId, connectionIds),
          inArray(channelHealthEvents.kind, ['closed', 'reconnect']),
          gte(channelHealthEvents.at, new Date(now - KEEP_MS)),
        ),
      )
      .orderBy(channelHealthEvents.whatsappId, sql`${channelHealthEvents.at} desc`, sql`${channelHealthEvents.id} desc`);
    return connectionIds.map((connectionId) => {
      const mine = counts.filter((c) => c.id === connectionId);
      const total = (kind: HealthRecordKind) => mine.filter((c) => c.kind === kind).reduce((sum, c) => sum + c.n, 0);
      const refusedByCode: Record<string, number> = {};
      for (const c of mine) if (c.kind === 'refused') refusedByCode[c.code || 'unknown'] = (refusedByCode[c.code || 'unknown'] ?? 0) + c.n;
      const close = closes.find((c) => c.id === connectionId);
      const refused = total('refused');
      const reconnects = total('reconnect');
      return {
        connectionId,
        refused,
        refusedByCode,
        undecryptable: total('undecryptable'),
        reconnects,
        rateLimited: total('rate-limited'),
        lastCloseReason: close?.code ?? '',
        lastCloseAt: close ? close.at.toISOString() : null,
        alert: refused >= this.thresholds.refusals || reconnects >= this.thresholds.reconnects,
      };
    });
  }
}
