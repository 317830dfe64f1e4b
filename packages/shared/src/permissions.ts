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
