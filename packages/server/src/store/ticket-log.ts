/**
 * A ticket's story (the chat timeline): events are written inside the transaction of the change
 * they tell, and presented with the names of the users and sectors they mention.
 */
import type { TicketEventDTO, TicketEventKind } from '@switchboard/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { queues, ticketEvents, users } from '../db/schema.js';

export type TicketEventRow = typeof ticketEvents.$inferSelect;

export interface TicketEventInput {
  ticketId: number;
  kind: TicketEventKind;
  at: Date;
  actorId?: number | null;
  fromUserId?: number | null;
  toUserId?: number | null;
  fromQueueId?: number | null;
  toQueueId?: number | null;
  reason?: string;
  rate?: number | null;
}

/** Writes events (in the caller's transaction); the rows come back for announcing after commit. */
export async function recordTicketEvents(db: DbOrTx, events: TicketEventInput[]): Promise<TicketEventRow[]> {
  if (!events.length) return [];
  return db
    .insert(ticketEvents)
    .values(
      events.map((e) => ({
        ticketId: e.ticketId,
        kind: e.kind,
        at: e.at,
        actorId: e.actorId ?? null,
        fromUserId: e.fromUserId ?? null,
        toUserId: e.toUserId ?? null,
        fromQueueId: e.fromQueueId ?? null,
        toQueueId: e.toQueueId ?? null,
        reason: e.reason ?? '',
        rate: e.rate ?? null,
      })),
    )
    .returning();
}

export async function ticketEventRows(db: DbOrTx, ticketId: number): Promise<TicketEventRow[]> {
  return db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, ticketId)).orderBy(asc(ticketEvents.at), asc(ticketEvents.id));
}

/** Rows → DTOs, the names of users and sectors read in two queries for the whole list. */
export async function presentTicketEvents(db: DbOrTx, rows: TicketEventRow[]): Promise<TicketEventDTO[]> {
  const userIds = [...new Set(rows.flatMap((r) => [r.actorId, r.fromUserId, r.toUserId]).filter((id): id is number => id != null))];
  const queueIds = [...new Set(rows.flatMap((r) => [r.fromQueueId, r.toQueueId]).filter((id): id is number => id != null))];
  const userNames = new Map(
    userIds.length
      ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))).map((u) => [u.id, u.name])
      : [],
  );
  const queueNames = new Map(
    queueIds.length
      ? (await db.select({ id: queues.id, name: queues.name }).from(queues).where(inArray(queues.id, queueIds))).map((q) => [q.id, q.name])
      : [],
  );
  const named = (names: Map<number, string>, id: number | null) => {
    const name = id != null ? names.get(id) : undefined;
    return id != null && name !== undefined ? { id, name } : null;
  };
  return rows.map((r) => ({
    id: r.id,
    ticketId: r.ticketId,
    kind: r.kind as TicketEventKind,
    at: r.at.toISOString(),
    actor: named(userNames, r.actorId),
    fromUser: named(userNames, r.fromUserId),
    toUser: named(userNames, r.toUserId),
    fromQueue: named(queueNames, r.fromQueueId),
    toQueue: named(queueNames, r.toQueueId),
    reason: r.reason,
    rate: r.rate,
  }));
}
