/**
 * Room assignment from permissions (the server decides; clients never pick their rooms). A ticket
 * event goes to exactly the rooms whose members may see that ticket (shared canSeeTicket):
 *   admins          — every admin (show-all)
 *   user:<id>       — the ticket's attendant
 *   queue:<id>      — the sector's members, for unassigned tickets
 *   sectorless      — users allowed to see tickets without sector (allTicket flag or setting)
 */
import { isAdmin, type TicketViewer, type TicketVisibilityFacts } from '@switchboard/shared';

export const ROOM_ALL_USERS = 'users';
export const ROOM_ADMINS = 'admins';
export const ROOM_SECTORLESS = 'sectorless';
export const userRoom = (id: number) => `user:${id}`;
export const queueRoom = (id: number) => `queue:${id}`;
export const chatRoom = (ticketId: number) => `ticket:${ticketId}`;

export function roomsForViewer(viewer: TicketViewer, settings: { allTicket: boolean }): string[] {
  const rooms = [ROOM_ALL_USERS, userRoom(viewer.id)];
  if (isAdmin(viewer)) rooms.push(ROOM_ADMINS);
  for (const q of viewer.queueIds) rooms.push(queueRoom(q));
  if (isAdmin(viewer) || viewer.allTicket || settings.allTicket) rooms.push(ROOM_SECTORLESS);
  return rooms;
}

export function roomsForTicket(ticket: TicketVisibilityFacts): string[] {
  const rooms = [ROOM_ADMINS];
  if (ticket.userId != null) rooms.push(userRoom(ticket.userId));
  if (ticket.queueId == null) rooms.push(ROOM_SECTORLESS);
  else if (ticket.userId == null) rooms.push(queueRoom(ticket.queueId));
  return rooms;
}
