/**
 * Asking the policy table (policy.ts): `refusalOf` gives the refusal the API answers (or null),
 * `allowed` a yes/no for presenting, and `ticketActions` the actions a ticket's answer carries for
 * its caller — the buttons the web shows.
 */
import { POLICIES, type AccessAction, type AccessActor, type AccessRecord, type Refusal, type TicketFacts } from './policy.js';

export * from './policy.js';

/** The record argument, left out for actions whose rule needs none (the admin-only ones). */
export type RecordArg<A extends AccessAction> = AccessRecord<A> extends void ? [] : [record: AccessRecord<A>];
/** The actions decided by the role alone (no record). */
export type RecordlessAction = { [A in AccessAction]: AccessRecord<A> extends void ? A : never }[AccessAction];

export function refusalOf<A extends AccessAction>(actor: AccessActor, action: A, ...[record]: RecordArg<A>): Refusal | null {
  const check = POLICIES[action].check as (actor: AccessActor, record: unknown) => Refusal | null;
  return check(actor, record);
}

export function allowed<A extends AccessAction>(actor: AccessActor, action: A, ...record: RecordArg<A>): boolean {
  return refusalOf(actor, action, ...record) === null;
}

/** The ticket actions presented with each ticket (TicketDTO.allowedActions). */
export const TICKET_ACTIONS = [
  'read',
  'note',
  'reply',
  'accept',
  'return',
  'transfer',
  'resolve',
  'finish',
  'reopen',
  'delete',
  'changeConnection',
] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

/** The contact actions presented with each contact (ContactDTO.allowedActions). */
export const CONTACT_ACTIONS = ['update', 'changeNumber', 'delete'] as const;
export type ContactAction = (typeof CONTACT_ACTIONS)[number];

export function contactActions(actor: AccessActor, contact: AccessRecord<'contact.changeNumber'>): ContactAction[] {
  return CONTACT_ACTIONS.filter((action) =>
    action === 'changeNumber' ? allowed(actor, 'contact.changeNumber', contact) : allowed(actor, `contact.${action}`),
  );
}

/** What the actor may do to this ticket now, by the same rules the server refuses with. */
export function ticketActions(actor: AccessActor, ticket: TicketFacts): TicketAction[] {
  return TICKET_ACTIONS.filter((action) => {
    if (action === 'delete' || action === 'changeConnection') return allowed(actor, `ticket.${action}`);
    return allowed(actor, `ticket.${action}`, ticket);
  });
}
