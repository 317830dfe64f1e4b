/**
 * The WHERE and ORDER BY of GET /tickets. Visibility (spec §6) is part of the query, so a page
 * never contains a ticket the user may not see and counts are exact.
 */
import { ticketScope, type TicketScope, type TicketsQuery } from '@switchboard/shared';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { contactTags, contacts, messages, tickets } from '../../db/schema.js';
import { escapeLike } from '../../lib/sql.js';
import type { CurrentUser } from '../../store/users.js';

export interface ListContext {
  actor: CurrentUser;
  sectorlessForAll: boolean;
  timeZone: string;
  orderByCreated: boolean;
  ascending: boolean;
}

/** The SQL form of the shared `ticketInScope`, branch by branch (tested against it). */
export function scopeFilter(scope: TicketScope): SQL {
  const assigned = scope.othersTickets ? isNotNull(tickets.userId) : eq(tickets.userId, scope.ownerId);
  const sectors =
    scope.unassignedSectors === 'all'
      ? isNotNull(tickets.queueId)
      : scope.unassignedSectors.length
        ? inArray(tickets.queueId, scope.unassignedSectors)
        : undefined;
  const unassigned = or(sectors, scope.unassignedSectorless ? isNull(tickets.queueId) : undefined);
  return or(assigned, unassigned ? and(isNull(tickets.userId), unassigned) : undefined)!;
}

export function ticketsWhere(q: TicketsQuery, c: ListContext): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  filters.push(scopeFilter(ticketScope(c.actor, { allTicket: c.sectorlessForAll }, { showAll: !!q.showAll })));
  if (q.status) filters.push(eq(tickets.status, q.status));
  if (q.queueIds?.length) filters.push(or(inArray(tickets.queueId, q.queueIds), isNull(tickets.queueId)));
  if (q.userId) filters.push(eq(tickets.userId, q.userId));
  if (q.withUnreadMessages) filters.push(gt(tickets.unreadMessages, 0));
  if (q.isGroup) filters.push(eq(tickets.isGroup, q.isGroup === 'true'));
  if (q.date) filters.push(sql`(timezone(${c.timeZone}, ${tickets.createdAt}))::date = ${q.date}::date`);
  if (q.tags?.length) {
    filters.push(inArray(tickets.contactId, sql`(select ${contactTags.contactId} from ${contactTags} where ${inArray(contactTags.tagId, q.tags)})`));
  }
  const term = q.searchParam.trim().toLowerCase();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    const digits = term.replace(/\D/g, '');
    // Each branch is served by a trigram index (contacts.name, contacts.number, messages.body).
    filters.push(
      or(
        inArray(
          tickets.contactId,
          sql`(select ${contacts.id} from ${contacts} where ${contacts.name} ilike ${like}${digits.length >= 3 ? sql` or ${contacts.number} like ${`%${digits}%`}` : sql``})`,
        ),
        inArray(tickets.id, sql`(select ${messages.ticketId} from ${messages} where ${messages.body} ilike ${like})`),
      ),
    );
  }
  return filters.length ? and(...filters) : undefined;
}

export function ticketsOrder(c: ListContext): SQL[] {
  const column = c.orderByCreated ? tickets.createdAt : tickets.updatedAt;
  return c.ascending ? [asc(column), asc(tickets.id)] : [desc(column), desc(tickets.id)];
}
