/**
 * Realtime addressing from the shared visibility scope (the server decides; clients never pick
 * their rooms). A socket sits in the rooms of its user's scope; a ticket event goes to the rooms
 * of the ticket, and the two meet exactly when the shared `ticketInScope` says so:
 *   user:<id>            — the viewer's own tickets / the ticket's attendant
 *   assigned             — scopes with othersTickets (admins) / every assigned ticket
 *   queue:<id>           — unassigned tickets of that sector
 *   unassigned-sectors   — scopes with every sector (admins) / every unassigned ticket with a sector
 *   sectorless           — viewers allowed sectorless tickets by their own flag (or admins) /
 *                          unassigned tickets without sector; while the allTicket *setting* is on
 *                          those tickets go to every signed-in user instead (decided at emit
 *                          time, so switching the setting needs no room changes on any process)
 * Chat rooms of single tickets are gone: events go to whoever may see the ticket *now*, so a change
 * of who sees what only has to re-derive the rooms of the users concerned (Realtime.syncUser).
 */
import {
  allowed,
  ticketScope,
  type TicketScope,
  type TicketViewer,
  type TicketVisibilityFacts,
  type VisibilitySettings,
} from '@switchboard/shared';

export const ROOM_ALL_USERS = 'users';
export const ROOM_ADMINS = 'admins';
export const ROOM_ASSIGNED = 'assigned';
export const ROOM_UNASSIGNED_SECTORS = 'unassigned-sectors';
export const ROOM_SECTORLESS = 'sectorless';
export const userRoom = (id: number) => `user:${id}`;
export const queueRoom = (id: number) => `queue:${id}`;

/** Rooms that carry a scope's tickets (the mirror of ticketInScope). */
export function roomsForScope(scope: TicketScope): string[] {
  const rooms = [userRoom(scope.ownerId)];
  if (scope.othersTickets) rooms.push(ROOM_ASSIGNED);
  if (scope.unassignedSectors === 'all') rooms.push(ROOM_UNASSIGNED_SECTORS);
  else for (const q of scope.unassignedSectors) rooms.push(queueRoom(q));
  if (scope.unassignedSectorless) rooms.push(ROOM_SECTORLESS);
  return rooms;
}

/**
 * Every room a viewer's sockets belong to: their access scope (without the allTicket setting,
 * which roomsForTicket applies) plus the non-ticket rooms.
 */
export function roomsForViewer(viewer: TicketViewer): string[] {
  const rooms = [ROOM_ALL_USERS, ...roomsForScope(ticketScope(viewer, { allTicket: false }))];
  if (allowed(viewer, 'realtime.adminRoom')) rooms.push(ROOM_ADMINS);
  return rooms;
}

export function roomsForTicket(ticket: TicketVisibilityFacts, settings: VisibilitySettings): string[] {
  if (ticket.userId != null) return [userRoom(ticket.userId), ROOM_ASSIGNED];
  if (ticket.queueId == null) return settings.allTicket ? [ROOM_ALL_USERS] : [ROOM_SECTORLESS];
  return [queueRoom(ticket.queueId), ROOM_UNASSIGNED_SECTORS];
}
