/**
 * The WHERE and ORDER BY of GET /tickets. Visibility (spec §6) is part of the query, so a page
 * never contains a ticket the user may not see and counts are exact (up to the count cap).
 */
import { allowed, ticketScope, type TicketScope, type TicketsQuery } from '@switchboard/shared';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { contactTags, contacts, messages, tickets } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { ANY_SECTOR_KEY, UNTRACKED_KEY } from '../../store/contact-scope-keys.js';
import { bodyContains, digitsContain, textContains } from '../../store/text-search.js';
import type { CurrentUser } from '../../store/users.js';

export interface ListContext {
  actor: CurrentUser;
  sectorlessForAll: boolean;
  timeZone: string;
  orderByCreated: boolean;
  ascending: boolean;
}

/**
 * The SQL form of the shared `ticketInScope`, branch by branch (tested against it): assigned tickets
 * (the viewer's own, or anyone's) and unassigned ones (by sector). The branches are disjoint
 * (user_id set or not), so a list may page each on its own index and merge them.
 */
export function scopeBranches(scope: TicketScope): SQL[] {
  const assigned = scope.othersTickets ? isNotNull(tickets.userId) : eq(tickets.userId, scope.ownerId);
  const sectors =
    scope.unassignedSectors === 'all'
      ? isNotNull(tickets.queueId)
      : scope.unassignedSectors.length
        ? inArray(tickets.queueId, scope.unassignedSectors)
        : undefined;
  const unassigned = or(sectors, scope.unassignedSectorless ? isNull(tickets.queueId) : undefined);
  return unassigned ? [assigned, and(isNull(tickets.userId), unassigned)!] : [assigned];
}

export function scopeFilter(scope: TicketScope): SQL {
  return or(...scopeBranches(scope))!;
}

/** "Show all" widens the list only for whom the access table lets switch it on; for others it asks for nothing more. */
export const listScope = (q: TicketsQuery, c: ListContext) =>
  ticketScope(c.actor, { allTicket: c.sectorlessForAll }, { showAll: !!q.showAll && allowed(c.actor, 'ticket.showAll') });

/**
 * The WHERE of the whole list. `match` replaces the search term's condition (a search page passes
 * the form it chose: its candidate ids, or the per-ticket check of a walk in list order).
 */
export function ticketsWhere(q: TicketsQuery, c: ListContext, match?: SQL): SQL | undefined {
  return and(scopeFilter(listScope(q, c)), ...ticketsFilters(q, c, match));
}

/**
 * The list as disjoint parts, one per visibility branch: "my tickets" and "unassigned tickets of my
 * sectors" each walk an index in list order ((user_id, status, updated_at, id) and the unassigned
 * partial index), where one OR over both would read every ticket of the status to find a few.
 */
export function ticketsWhereByBranch(q: TicketsQuery, c: ListContext): SQL[] {
  const filters = ticketsFilters(q, c);
  return scopeBranches(listScope(q, c)).map((branch) => and(branch, ...filters)!);
}

/** The filters of GET /tickets other than visibility. */
function ticketsFilters(q: TicketsQuery, c: ListContext, match?: SQL): SQL[] {
  const filters: (SQL | undefined)[] = [];
  if (q.status) filters.push(eq(tickets.status, q.status));
  if (q.queueIds?.length) filters.push(or(inArray(tickets.queueId, q.queueIds), isNull(tickets.queueId)));
  if (q.userId) filters.push(eq(tickets.userId, q.userId));
  if (q.withUnreadMessages) filters.push(gt(tickets.unreadMessages, 0));
  if (q.isGroup) filters.push(eq(tickets.isGroup, q.isGroup === 'true'));
  if (q.date) filters.push(sql`(timezone(${c.timeZone}, ${tickets.createdAt}))::date = ${q.date}::date`);
  if (q.tags?.length) {
    filters.push(
      inArray(tickets.contactId, sql`(select ${contactTags.contactId} from ${contactTags} where ${inArray(contactTags.tagId, q.tags)})`),
    );
  }
  const term = q.searchParam.trim();
  if (term) filters.push(match ?? inArray(tickets.id, matchingTicketIds(term)));
  return filters.filter((f): f is SQL => f !== undefined);
}

/**
 * The ids of tickets a search term matches: tickets of contacts whose name (or number, for 3+
 * digits) contains it, and tickets with a message containing it. Each branch starts from an index
 * (store/text-search.ts) and the ticket ids come from tickets_contact_idx, so the work follows the
 * number of matches, not of tickets; the page and the count are then taken within this set, which
 * PostgreSQL joins through the tickets primary key. (A filter `contact_id in (…) or id in (…)`
 * cannot be answered from an index and read every ticket.)
 */
export function matchingTicketIds(term: string): SQL {
  const digits = term.replace(/\D/g, '');
  const byNumber = digits.length >= 3 ? sql` or ${digitsContain(contacts.number, digits)}` : sql``;
  return sql`(select ${tickets.id} from ${tickets} where ${tickets.contactId} in (select ${contacts.id} from ${contacts} where ${textContains(contacts.name, term)}${byNumber})
    union select ${messages.ticketId} from ${messages} where ${bodyContains(term)})`;
}

/** The contact-side condition of a search: name contains the term, or number contains its digits (3+). */
function contactMatches(term: string): SQL {
  const digits = term.replace(/\D/g, '');
  return digits.length >= 3
    ? sql`(${textContains(contacts.name, term)} or ${digitsContain(contacts.number, digits)})`
    : textContains(contacts.name, term);
}

/**
 * The keys a contact needs in `ticket_scope_keys` (migration 0066) for one of its tickets to be in
 * `scope`, mirroring `scopeBranches`: the viewer's own id (assigned to them), minus each sector's id
 * or ANY_SECTOR_KEY (unassigned, with a sector), 0 (unassigned, without); and UNTRACKED_KEY. Undefined when the scope takes
 * in everyone's tickets: every contact with a ticket would pass, and the pre-filter would rule
 * nothing out.
 */
export function contactScopeKeys(scope: TicketScope): number[] | undefined {
  if (scope.othersTickets) return undefined;
  const keys = [UNTRACKED_KEY, scope.ownerId];
  if (scope.unassignedSectors === 'all') keys.push(ANY_SECTOR_KEY);
  else keys.push(...scope.unassignedSectors.map((sectorId) => -sectorId));
  if (scope.unassignedSectorless) keys.push(0);
  return keys;
}

/**
 * Matching ticket ids straight from the text indexes, with repeats (a ticket matched by its contact
 * and by several messages comes once per match) and in no order: `union all` hands rows on as the
 * index scans find them, so a LIMIT above stops the scans there. (A `union` removes repeats by
 * hashing, which reads every match first.) Only tickets that pass `ticketFilter` (the viewer's
 * visibility and the list's other filters) count: a term common in the company but absent from what
 * the viewer may see then shows as the handful it is, not as broad — a broad term is answered by
 * walking the viewer's tickets until a page matches, which for such a term never happens, and read
 * all 50,000 of an attendant's tickets at a million. A matching contact's or message's ticket is
 * looked up one at a time (a lateral sub-query, kept apart by `offset 0`): a join lets PostgreSQL
 * hash the matches and read every ticket to find theirs. tickets_contact_idx carries the columns the
 * filters read (migration 0065), so a contact's lookup needs no read of the table: "marina", in
 * 25,000 contacts none of them the attendant's, took 200 ms to rule out at a million tickets with
 * table reads and 72 ms without. `scopeKeys` (contactScopeKeys) rules out, from an index, the
 * contacts none of whose tickets is in the viewer's scope, before any of them is read: without it,
 * ruling out "marina" still read all 25,000 contacts from the table (the trigram index is lossy) and
 * looked up each one's tickets. It only narrows the contacts; each ticket still passes `ticketFilter`.
 */
export function matchingTicketIdsUnordered(term: string, ticketFilter: SQL | undefined, scopeKeys?: number[]): SQL {
  const passes = ticketFilter ? sql` and ${ticketFilter}` : sql``;
  const contactInScope = scopeKeys ? sql` and ${contacts}.ticket_scope_keys && ${sql.param(scopeKeys)}::int[]` : sql``;
  return sql`select ct.id as ticket_id from ${contacts}
      cross join lateral (select ${tickets.id} from ${tickets} where ${tickets.contactId} = ${contacts.id}${passes} offset 0) ct
      where ${contactMatches(term)}${contactInScope}
    union all select mt.id from ${messages}
      cross join lateral (select ${tickets.id} from ${tickets} where ${tickets.id} = ${messages.ticketId}${passes} offset 0) mt
      where ${bodyContains(term)}`;
}

/**
 * The search condition checked on one ticket at a time: its contact matches, or one of its messages
 * does. A walk in list order evaluates it per ticket and stops once the page is full. `offset 0`
 * keeps each EXISTS a correlated sub-plan: without it PostgreSQL may plan it as a hashed sub-plan or
 * a semi-join, both of which collect every match before the first row.
 */
export function ticketMatchesTerm(term: string): SQL {
  return sql`(exists (select 1 from ${contacts} where ${contacts.id} = ${tickets.contactId} and ${contactMatches(term)} offset 0)
    or exists (select 1 from ${messages} where ${messages.ticketId} = ${tickets.id} and ${bodyContains(term)} offset 0))`;
}

const sortColumn = (c: Pick<ListContext, 'orderByCreated'>) => (c.orderByCreated ? tickets.createdAt : tickets.updatedAt);

export function ticketsOrder(c: ListContext): SQL[] {
  const column = sortColumn(c);
  return c.ascending ? [asc(column), asc(tickets.id)] : [desc(column), desc(tickets.id)];
}

/**
 * Keyset paging: a cursor names the sort key of the last ticket shown (the timestamp exactly as the
 * database holds it — microseconds, which a JS Date would round — and the id), and which order it
 * belongs to, so a cursor from another order is refused rather than misread.
 */
interface CursorKey {
  order: 'created' | 'updated';
  ascending: boolean;
  at: string;
  id: number;
}

export function sortKeyText(c: Pick<ListContext, 'orderByCreated'>): SQL<string> {
  return sql<string>`to_char(${sortColumn(c)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function encodeCursor(c: Pick<ListContext, 'orderByCreated' | 'ascending'>, at: string, id: number): string {
  const key: CursorKey = { order: c.orderByCreated ? 'created' : 'updated', ascending: c.ascending, at, id };
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

const cursorSchema = z.object({
  order: z.enum(['created', 'updated']),
  ascending: z.boolean(),
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  id: z.number().int().positive().max(2_147_483_647),
});

/** The filter "after the cursor" in the list's order; ERR_VALIDATION for a cursor that is not ours. */
export function afterCursor(cursor: string, c: Pick<ListContext, 'orderByCreated' | 'ascending'>): SQL {
  let key: CursorKey;
  try {
    key = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('ERR_VALIDATION', 400, 'Invalid cursor');
  }
  if (key.order !== (c.orderByCreated ? 'created' : 'updated') || key.ascending !== c.ascending) {
    // The order setting changed since the first page: the client starts the list again.
    throw new AppError('ERR_VALIDATION', 400, 'The cursor belongs to another order');
  }
  const column = sortColumn(c);
  // A row comparison, which PostgreSQL answers from the (…, updated_at, id) indexes.
  return c.ascending
    ? sql`(${column}, ${tickets.id}) > (${key.at}::timestamptz, ${key.id})`
    : sql`(${column}, ${tickets.id}) < (${key.at}::timestamptz, ${key.id})`;
}

/** Rows of the disjoint parts, each already in list order, merged into list order (key text, then id). */
export function mergeInListOrder<T extends { key: string; row: { id: number } }>(parts: T[][], ascending: boolean): T[] {
  const sign = ascending ? 1 : -1;
  return parts.flat().sort((a, b) => sign * (a.key < b.key ? -1 : a.key > b.key ? 1 : a.row.id - b.row.id));
}
