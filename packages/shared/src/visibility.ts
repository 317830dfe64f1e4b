/**
 * Ticket visibility (spec §6, BEHAVIOUR Realtime), defined once. A viewer's *scope* says which
 * tickets they see; the same scope is turned into the in-memory check (here), the SQL filter of
 * GET /tickets (server tickets/list-query.ts) and the realtime addressing (server realtime/rooms.ts),
 * each of which mirrors `ticketInScope` branch by branch.
 *
 *   - everyone sees their own tickets;
 *   - admins see every ticket (assigned to anyone, unassigned in any sector, without sector);
 *   - others see unassigned tickets of their sectors, and unassigned tickets without sector when
 *     their allTicket flag or the allTicket setting allows it.
 *
 * A ticket assigned to someone else is another attendant's conversation: only admins see it, with
 * or without a sector. The tickets list without "show all" is narrower for admins only: their own
 * tickets and every unassigned one (admins see every sector unless they filter by sector).
 */
import { isAdmin, type TicketViewer } from './permissions.js';

export interface TicketVisibilityFacts {
  userId: number | null;
  queueId: number | null;
}

export interface TicketScope {
  /** The viewer: their own tickets are always in scope. */
  ownerId: number;
  /** Tickets assigned to anyone else. */
  othersTickets: boolean;
  /** Unassigned tickets with a sector: every sector, or these sectors. */
  unassignedSectors: 'all' | number[];
  /** Unassigned tickets without sector. */
  unassignedSectorless: boolean;
}

export interface VisibilitySettings {
  /** The allTicket setting: everyone may see tickets without sector. */
  allTicket: boolean;
}

/**
 * What a viewer sees. `showAll: false` is the tickets list's default view, which for admins leaves
 * out tickets assigned to others; access checks (REST, realtime) use the full scope.
 */
export function ticketScope(
  viewer: TicketViewer,
  settings: VisibilitySettings,
  opts: { showAll: boolean } = { showAll: true },
): TicketScope {
  const admin = isAdmin(viewer);
  return {
    ownerId: viewer.id,
    othersTickets: admin && opts.showAll,
    unassignedSectors: admin ? 'all' : [...viewer.queueIds],
    unassignedSectorless: admin || viewer.allTicket || settings.allTicket,
  };
}

export function ticketInScope(scope: TicketScope, ticket: TicketVisibilityFacts): boolean {
  if (ticket.userId != null) return ticket.userId === scope.ownerId || scope.othersTickets;
  if (ticket.queueId == null) return scope.unassignedSectorless;
  return scope.unassignedSectors === 'all' || scope.unassignedSectors.includes(ticket.queueId);
}

/** Whether the user may see the ticket at all (REST, realtime, history). */
export function canSeeTicket(user: TicketViewer, ticket: TicketVisibilityFacts, settings: VisibilitySettings): boolean {
  return ticketInScope(ticketScope(user, settings), ticket);
}
