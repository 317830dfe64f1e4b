/**
 * Tickets lists under live updates (spec §4 Live updates), as pure functions of (cached pages,
 * list filter, viewer, event). The server only sends events for tickets the user may see; each
 * cached list still decides whether the ticket belongs to *it* (tab/status, show-all, selected
 * sectors, groups, unread-only), because one socket feeds every list at once.
 */
import {
  ticketInScope,
  ticketScope,
  type TicketContactDTO,
  type TicketDTO,
  type TicketsPage,
  type TicketStatus,
} from '@switchboard/shared';
import type { InfiniteData } from '@tanstack/react-query';

export type { TicketsPage };

export type TicketsData = InfiniteData<TicketsPage> | undefined;

/** What a tickets list asks GET /tickets for; also its react-query key. */
export interface TicketListFilter {
  status?: TicketStatus;
  searchParam?: string;
  showAll?: boolean;
  /** Selected sectors; empty means no sector filter. */
  queueIds?: number[];
  /** 'true' only groups, 'false' only people, absent both. */
  isGroup?: 'true' | 'false';
  withUnreadMessages?: boolean;
}

/** The signed-in user's visibility facts (shared TicketViewer) and the allTicket setting. */
export interface TicketViewerFacts {
  id: number;
  queueIds: number[];
  profile?: string;
  /** The user's allTicket flag. */
  allTicket?: boolean;
  /** The allTicket setting. */
  sectorlessForAll?: boolean;
}

/**
 * Whether a ticket the server sent belongs in a list with this filter. The list's scope is the
 * shared visibility definition (the same the server's list query uses): without show-all an admin's
 * list leaves out other attendants' tickets, but keeps unassigned tickets of every sector.
 */
export function ticketMatchesFilter(ticket: TicketDTO, filter: TicketListFilter, viewer: TicketViewerFacts): boolean {
  if (filter.status && ticket.status !== filter.status) return false;
  if (filter.isGroup && String(ticket.isGroup) !== filter.isGroup) return false;
  if (filter.withUnreadMessages && !(ticket.unreadMessages > 0)) return false;
  const scope = ticketScope(
    { id: viewer.id, queueIds: viewer.queueIds, profile: viewer.profile ?? 'user', allTicket: !!viewer.allTicket },
    { allTicket: !!viewer.sectorlessForAll },
    { showAll: !!filter.showAll },
  );
  if (!ticketInScope(scope, ticket)) return false;
  const sectors = filter.queueIds ?? [];
  if (sectors.length > 0 && ticket.queueId != null && !sectors.includes(ticket.queueId)) return false;
  return true;
}

const hasTicket = (data: NonNullable<TicketsData>, id: number) => data.pages.some((p) => p.tickets.some((t) => t.id === id));

/** A capped count ("10,000+") is a lower bound: one ticket more or less leaves it as it is. */
function withCount(data: NonNullable<TicketsData>, delta: number): NonNullable<TicketsData> {
  if (delta === 0) return data;
  return { ...data, pages: data.pages.map((p) => (p.countCapped ? p : { ...p, count: Math.max(0, p.count + delta) })) };
}

export function removeTicket(data: TicketsData, id: number): TicketsData {
  if (!data || !hasTicket(data, id)) return data;
  const pages = data.pages.map((p) => ({ ...p, tickets: p.tickets.filter((t) => t.id !== id) }));
  return withCount({ ...data, pages }, -1);
}

/** Put the ticket first on the first page (removing it wherever it was). */
function putFirst(data: NonNullable<TicketsData>, ticket: TicketDTO): NonNullable<TicketsData> {
  const present = hasTicket(data, ticket.id);
  const pages = data.pages.map((p, i) => {
    const rest = p.tickets.filter((t) => t.id !== ticket.id);
    return { ...p, tickets: i === 0 ? [ticket, ...rest] : rest };
  });
  return withCount({ ...data, pages }, present ? 0 : 1);
}

function replaceInPlace(data: NonNullable<TicketsData>, ticket: TicketDTO): NonNullable<TicketsData> {
  return { ...data, pages: data.pages.map((p) => ({ ...p, tickets: p.tickets.map((t) => (t.id === ticket.id ? ticket : t)) })) };
}

/**
 * A ticket create/update: replace it where it is, add it first when new to this list, drop it
 * when it no longer belongs (status changed, sector not selected, taken by someone else).
 * `raise` (a new message) moves it to the top.
 */
export function upsertTicket(
  data: TicketsData,
  ticket: TicketDTO,
  filter: TicketListFilter,
  viewer: TicketViewerFacts,
  raise = false,
): TicketsData {
  if (!data) return data;
  if (!ticketMatchesFilter(ticket, filter, viewer)) return removeTicket(data, ticket.id);
  const present = hasTicket(data, ticket.id);
  // A search list is the server's answer to a text we cannot evaluate here: refresh what it
  // shows, never add to it.
  if (filter.searchParam) return present ? replaceInPlace(data, ticket) : data;
  if (present && !raise) return replaceInPlace(data, ticket);
  return putFirst(data, ticket);
}

/** The unread count went back to zero (the ticket was opened somewhere). */
export function clearUnread(data: TicketsData, ticketId: number, filter: TicketListFilter): TicketsData {
  if (!data || !hasTicket(data, ticketId)) return data;
  if (filter.withUnreadMessages) return removeTicket(data, ticketId);
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      tickets: p.tickets.map((t) => (t.id === ticketId ? { ...t, unreadMessages: 0 } : t)),
    })),
  };
}

/** A contact changed (name, picture, tags): refresh it on every ticket of that contact. */
export function updateContact(data: TicketsData, contact: Partial<TicketContactDTO> & { id: number }): TicketsData {
  if (!data || !data.pages.some((p) => p.tickets.some((t) => t.contactId === contact.id))) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      tickets: p.tickets.map((t) => (t.contactId === contact.id ? { ...t, contact: { ...t.contact, ...pickContact(contact) } } : t)),
    })),
  };
}

/** Only the fields a ticket's contact carries (a full ContactDTO also has email, extraInfo…). */
function pickContact(c: Partial<TicketContactDTO>): Partial<TicketContactDTO> {
  const out: Partial<TicketContactDTO> = {};
  if (c.name !== undefined) out.name = c.name;
  if (c.number !== undefined) out.number = c.number;
  if (c.profilePicUrl !== undefined) out.profilePicUrl = c.profilePicUrl;
  if (c.tags !== undefined) out.tags = c.tags;
  return out;
}

/** The filter a cached list was stored under (its query key's third part). */
export function filterOfKey(key: readonly unknown[]): TicketListFilter {
  return (key[2] as TicketListFilter | undefined) ?? {};
}
