/**
 * Who may change a contact's number (spec §6, docs/decisions.md). The number decides where replies
 * go, so changing it redirects the contact's conversations: only users who may see one of its
 * tickets may do it, and while one is active (open or pending) only admins. A contact without
 * tickets has no conversation to redirect. The server refuses by this rule (ERR_NO_PERMISSION) and
 * the contact form disables the field by the same rule, so nobody types a number to be refused.
 */
import { isAdmin, type TicketViewer } from './permissions.js';
import { canSeeTicket, type TicketVisibilityFacts, type VisibilitySettings } from './visibility.js';

/** What the rule needs of each of the contact's tickets (ContactDTO.tickets). */
export interface ContactTicketFacts extends TicketVisibilityFacts {
  /** Open or pending. */
  active: boolean;
}

/**
 * Why the viewer may not change the number: `active` (a conversation is open or pending: admins
 * only), `unseen` (every conversation of the contact is one the viewer may not see); null if they may.
 */
export type ContactNumberLock = 'active' | 'unseen' | null;

export function contactNumberLock(
  viewer: TicketViewer,
  contactTickets: ContactTicketFacts[],
  settings: VisibilitySettings,
): ContactNumberLock {
  if (isAdmin(viewer) || contactTickets.length === 0) return null;
  if (contactTickets.some((t) => t.active)) return 'active';
  return contactTickets.some((t) => canSeeTicket(viewer, t, settings)) ? null : 'unseen';
}

export function canChangeContactNumber(viewer: TicketViewer, contactTickets: ContactTicketFacts[], settings: VisibilitySettings): boolean {
  return contactNumberLock(viewer, contactTickets, settings) === null;
}
