/**
 * Spec §6 as pure functions, shared by the server (which enforces them) and the web (which hides
 * what the server would refuse). Every named permission of spec §6 belongs to admins.
 */

export type Profile = 'admin' | 'user';

export const NAMED_PERMISSIONS = [
  'drawer-admin-items:view',
  'contacts-page:deleteContact',
  'tickets-manager:showall',
  'ticket-options:deleteTicket',
  'ticket-options:transferWhatsapp',
] as const;
export type NamedPermission = (typeof NAMED_PERMISSIONS)[number];

export interface Actor {
  id: number;
  profile: string;
}

/** Admin is compared case-insensitively (spec §6). */
export function isAdmin(user: Pick<Actor, 'profile'> | null | undefined): boolean {
  return !!user && typeof user.profile === 'string' && user.profile.toLowerCase() === 'admin';
}

export function can(user: Pick<Actor, 'profile'> | null | undefined, permission: NamedPermission): boolean {
  return NAMED_PERMISSIONS.includes(permission) && isAdmin(user);
}

export interface TicketViewer extends Actor {
  queueIds: number[];
  /** The user's allTicket flag: may see tickets without sector. */
  allTicket: boolean;
}

export interface TicketVisibilityFacts {
  userId: number | null;
  queueId: number | null;
}

/**
 * Who may see a ticket (spec §6, BEHAVIOUR Realtime): admins see everything; everyone sees their own
 * tickets; unassigned tickets are seen by the users of their sector; tickets without a sector are
 * seen when the user's allTicket flag or the allTicket setting allows it.
 */
export function canSeeTicket(
  user: TicketViewer,
  ticket: TicketVisibilityFacts,
  settings: { allTicket: boolean },
): boolean {
  if (isAdmin(user)) return true;
  if (ticket.userId === user.id) return true;
  if (ticket.queueId == null) return user.allTicket || settings.allTicket;
  if (ticket.userId != null) return false;
  return user.queueIds.includes(ticket.queueId);
}
