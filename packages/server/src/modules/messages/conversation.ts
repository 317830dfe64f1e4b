/**
 * A ticket's conversation: the ticket's own messages, then — reading upward — the messages of the
 * contact's earlier tickets on the same connection that the reader may see (docs/decisions.md,
 * "allHistoric"). Tickets follow each other newest first; within a ticket, messages newest first.
 *
 * Paging is keyset: a page continues below a message (the `before` cursor) and walks ticket by
 * ticket, so every read is an index range (messages by (ticket_id, created_at), tickets by
 * contact) however long the ticket or the history is; the first page of a long ticket costs one
 * read, as before.
 */
import { allowed, ticketScope, type TicketBoundaryDTO } from '@switchboard/shared';
import { and, desc, eq, ilike, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { messages, ticketCycles, tickets, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { escapeLike } from '../../lib/sql.js';
import type { MessageRow } from '../../store/message-present.js';
import type { TicketRow } from '../../store/ticket-present.js';
import type { CurrentUser } from '../../store/users.js';
import { scopeFilter } from '../tickets/list-query.js';

/** Earlier tickets are read this many at a time while a page fills. */
const TICKET_BATCH = 10;

/**
 * Which of the contact's earlier tickets the reader may see, as a condition on `tickets`; null
 * when the reader gets no history at all.
 *
 * - A reader who may not see the ticket itself (a user mentioned on it) reads that ticket only.
 * - Admins, and users with allHistoric, see every earlier ticket of the contact on the connection.
 * - Others see the earlier tickets they could open themselves (the shared visibility rule).
 */
export async function historyFilter(ctx: AppContext, actor: CurrentUser, visible: boolean): Promise<SQL | null> {
  if (!visible) return null;
  // The flag is read only when the role alone does not decide.
  if (allowed(actor, 'ticket.allHistory', { allHistoric: false })) return sql`true`;
  const [me] = await ctx.db.select({ allHistoric: users.allHistoric }).from(users).where(eq(users.id, actor.id));
  if (allowed(actor, 'ticket.allHistory', { allHistoric: !!me?.allHistoric })) return sql`true`;
  return scopeFilter(ticketScope(actor, { allTicket: ctx.settings.isEnabled('allTicket') }));
}

/**
 * The contact's tickets on the ticket's connection that come before ticket `after` (compared in
 * the database: its times carry microseconds a JavaScript date would round away).
 */
function earlierThan(ticket: Pick<TicketRow, 'contactId' | 'whatsappId'>, afterId: number, filter: SQL): SQL {
  return and(
    eq(tickets.contactId, ticket.contactId),
    eq(tickets.whatsappId, ticket.whatsappId),
    sql`(${tickets.createdAt}, ${tickets.id}) < (select a.created_at, a.id from tickets a where a.id = ${afterId})`,
    filter,
  )!;
}

/**
 * Whether `earlier` is in the history of a ticket the reader may see: what the chat shows, the
 * reader may open (its media).
 */
export async function isInVisibleHistory(ctx: AppContext, actor: CurrentUser, earlier: TicketRow): Promise<boolean> {
  const filter = await historyFilter(ctx, actor, true);
  if (!filter) return false;
  const scope = ticketScope(actor, { allTicket: ctx.settings.isEnabled('allTicket') });
  const [shown] = await ctx.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.contactId, earlier.contactId),
        eq(tickets.whatsappId, earlier.whatsappId),
        sql`(${tickets.createdAt}, ${tickets.id}) > (select e.created_at, e.id from tickets e where e.id = ${earlier.id})`,
        // A later ticket of the contact the reader may see…
        scopeFilter(scope),
        // …and this one is in its history for this reader.
        sql`exists (select 1 from ${tickets} where ${tickets.id} = ${earlier.id} and ${filter})`,
      ),
    )
    .limit(1);
  return !!shown;
}

/** A cursor is the id of a message; it must belong to this conversation. */
async function cursorPosition(
  db: DbOrTx,
  ticket: TicketRow,
  history: SQL | null,
  before: string,
): Promise<{ ticketId: number; before: string }> {
  const [at] = await db.select({ ticketId: messages.ticketId }).from(messages).where(eq(messages.id, before));
  if (at?.ticketId === ticket.id) return { ticketId: ticket.id, before };
  if (at && history) {
    const [earlier] = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.id, at.ticketId), earlierThan(ticket, ticket.id, history)));
    if (earlier) return { ticketId: earlier.id, before };
  }
  throw new AppError('ERR_VALIDATION', 400, 'The cursor is not a message of this conversation');
}

/** Up to `limit` messages of one ticket, newest first, below the cursor message when given. */
function ticketMessages(db: DbOrTx, ticketId: number, before: string | null, limit: number): Promise<MessageRow[]> {
  // The cursor's own time bounds the index range; the row comparison breaks ties by id.
  const below = before
    ? and(
        sql`${messages.createdAt} <= (select c.created_at from messages c where c.id = ${before})`,
        sql`(${messages.createdAt}, ${messages.id}) < (select c.created_at, c.id from messages c where c.id = ${before})`,
      )
    : undefined;
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), below))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

export interface ConversationPage {
  /** Newest first. */
  rows: MessageRow[];
  hasMore: boolean;
}

/** One page of the conversation, from its newest message or below the `before` message. */
export async function conversationPage(
  db: DbOrTx,
  ticket: TicketRow,
  history: SQL | null,
  before: string | undefined,
  size: number,
): Promise<ConversationPage> {
  const start = before ? await cursorPosition(db, ticket, history, before) : { ticketId: ticket.id, before: null };
  // One more than the page: whether anything older exists.
  const need = size + 1;
  const rows = await ticketMessages(db, start.ticketId, start.before, need);
  let after = start.ticketId;
  while (history && rows.length < need) {
    const batch = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(earlierThan(ticket, after, history))
      .orderBy(desc(tickets.createdAt), desc(tickets.id))
      .limit(TICKET_BATCH);
    for (const earlier of batch) {
      if (rows.length >= need) break;
      rows.push(...(await ticketMessages(db, earlier.id, null, need - rows.length)));
    }
    if (batch.length < TICKET_BATCH) break;
    after = batch[batch.length - 1].id;
  }
  return { rows: rows.slice(0, size), hasMore: rows.length > size };
}

/** The separators of the tickets a page's messages belong to. */
export async function ticketBoundaries(db: DbOrTx, ticketIds: number[]): Promise<TicketBoundaryDTO[]> {
  if (ticketIds.length === 0) return [];
  const [rows, closes] = await Promise.all([
    db
      .select({
        id: tickets.id,
        protocol: tickets.protocol,
        status: tickets.status,
        createdAt: tickets.createdAt,
        updatedAt: tickets.updatedAt,
        userId: users.id,
        userName: users.name,
      })
      .from(tickets)
      .leftJoin(users, eq(users.id, tickets.userId))
      .where(inArray(tickets.id, ticketIds)),
    db
      .select({ ticketId: ticketCycles.ticketId, finishedAt: max(ticketCycles.finishedAt) })
      .from(ticketCycles)
      .where(inArray(ticketCycles.ticketId, ticketIds))
      .groupBy(ticketCycles.ticketId),
  ]);
  const closedAt = new Map(closes.map((c) => [c.ticketId, c.finishedAt]));
  const byId = new Map(
    rows.map((r): [number, TicketBoundaryDTO] => [
      r.id,
      {
        id: r.id,
        protocol: r.protocol,
        status: r.status as TicketBoundaryDTO['status'],
        openedAt: r.createdAt.toISOString(),
        // A ticket closed without a recorded cycle (imported) was closed when it last changed.
        closedAt: r.status === 'closed' ? (closedAt.get(r.id) ?? r.updatedAt).toISOString() : null,
        user: r.userId != null && r.userName != null ? { id: r.userId, name: r.userName } : null,
      },
    ]),
  );
  return ticketIds.map((id) => byId.get(id)).filter((b): b is TicketBoundaryDTO => !!b);
}

/** How many matches one search answers with. */
export const SEARCH_MATCHES_LIMIT = 50;

/**
 * Messages of the conversation whose text contains `term` (case-insensitive), newest first. The
 * body's trigram index finds the candidates; the conversation's tickets narrow them.
 */
export async function searchConversation(
  db: DbOrTx,
  ticket: TicketRow,
  history: SQL | null,
  term: string,
): Promise<{ rows: Pick<MessageRow, 'id' | 'ticketId' | 'body' | 'fromMe' | 'isPrivate' | 'createdAt'>[]; hasMore: boolean }> {
  // The tickets first (by contact, indexed), then their messages by ticket id: a `ticket_id = … or
  // ticket_id in (subquery)` condition could use no index on messages.
  const earlier = history
    ? await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(earlierThan(ticket, ticket.id, history))
    : [];
  const conversation = earlier.length
    ? inArray(messages.ticketId, [ticket.id, ...earlier.map((t) => t.id)])
    : eq(messages.ticketId, ticket.id);
  const rows = await db
    .select({
      id: messages.id,
      ticketId: messages.ticketId,
      body: messages.body,
      fromMe: messages.fromMe,
      isPrivate: messages.isPrivate,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(conversation, ilike(messages.body, `%${escapeLike(term)}%`)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(SEARCH_MATCHES_LIMIT + 1);
  return { rows: rows.slice(0, SEARCH_MATCHES_LIMIT), hasMore: rows.length > SEARCH_MATCHES_LIMIT };
}
