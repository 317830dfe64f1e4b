/**
 * Who may do what to which record — the one table of the product's access rules (spec §6,
 * docs/decisions.md). Read a line as "action: who may, and on which records". Each rule answers
 * null (allowed) or the refusal the API gives, so the server refuses by it (`authorize()` in
 * packages/server/src/access/authorize.ts), the answers carry the actions it allows
 * (`allowedActions`), and the web shows exactly those.
 *
 * `who` is what the role alone decides: `admin` — every other user is refused whatever the record;
 * `signed-in` — any signed-in user, subject to the record rule. The route × role test
 * (packages/server/src/http/route-policy.test.ts) checks every route against it.
 *
 * Refusals keep the API's codes: a ticket the actor may not see is "not found" (404, so its
 * existence does not leak), a right the actor lacks is ERR_NO_PERMISSION (403), and an action the
 * ticket's status does not allow is ERR_VALIDATION (409).
 */
import type { ErrorCode } from '../errors.js';
import { contactNumberLock, type ContactTicketFacts } from '../contact-number.js';
import { isAdmin, type TicketViewer } from '../permissions.js';
import { canSeeTicket, type TicketVisibilityFacts } from '../visibility.js';

/** The signed-in user as the rules need them. */
export type AccessActor = TicketViewer;

export interface Refusal {
  code: ErrorCode;
  status: number;
  message?: string;
}

export interface TicketFacts extends TicketVisibilityFacts {
  status: 'open' | 'pending' | 'closed';
  /** The allTicket setting: everyone sees tickets without sector. */
  sectorlessForAll: boolean;
  /** A private note still standing on the ticket names the actor (they read it and add notes). */
  mentioned?: boolean;
}

interface Policy<R> {
  /** `permission`: admins, and users granted the rule's permission flag (refused without it). */
  who: 'admin' | 'permission' | 'signed-in';
  check: (actor: AccessActor, record: R) => Refusal | null;
}

const NO_PERMISSION: Refusal = { code: 'ERR_NO_PERMISSION', status: 403 };
const NOT_FOUND: Refusal = { code: 'ERR_NOT_FOUND', status: 404 };
const NO_TICKET: Refusal = { code: 'ERR_NO_TICKET_FOUND', status: 404 };
const wrongState = (message: string): Refusal => ({ code: 'ERR_VALIDATION', status: 409, message });

const admins: Policy<void> = { who: 'admin', check: (actor) => (isAdmin(actor) ? null : NO_PERMISSION) };
const everyone: Policy<void> = { who: 'signed-in', check: () => null };
/** Admins, and users whose `flag` (a user permission flag, read from their record) is on. */
function granted<K extends string>(flag: K): Policy<Record<K, boolean>> {
  return { who: 'permission', check: (actor, me) => (isAdmin(actor) || me[flag] ? null : NO_PERMISSION) };
}
function signedIn<R>(check: (actor: AccessActor, record: R) => Refusal | null): Policy<R> {
  return { who: 'signed-in', check };
}

const sees = (actor: AccessActor, t: TicketFacts) => canSeeTicket(actor, t, { allTicket: t.sectorlessForAll });
/** A ticket action: the ticket must be visible, then in the right status, then the actor's to act on. */
function onTicket(
  state: (t: TicketFacts) => string | null,
  right: (actor: AccessActor, t: TicketFacts) => boolean = () => true,
): Policy<TicketFacts> {
  return signedIn((actor, t) => {
    if (!sees(actor, t)) return NO_TICKET;
    const wrong = state(t);
    if (wrong) return wrongState(wrong);
    return right(actor, t) ? null : NO_PERMISSION;
  });
}
const ownerOrAdmin = (actor: AccessActor, t: TicketFacts) => t.userId === actor.id || isAdmin(actor);

export const POLICIES = {
  // Tickets (spec §4, §6). Everyone sees their own tickets; admins every ticket; others the
  // unassigned ones of their sectors (and sectorless ones by allTicket) — shared visibility.ts.
  'ticket.list': everyone,
  /**
   * The list's "show all" switch: the tickets colleagues are serving, beside one's own and the
   * queues' (visibility.ts gives admins that scope; the switch only asks for it).
   */
  'ticket.showAll': admins,
  /** The attendant's name on a ticket of the list (spec §3: viewName is an admin-only badge). */
  'ticket.attendantBadge': admins,
  /** Non-admins start conversations in one of their own sectors, for themselves. */
  'ticket.create': signedIn<{ queueId: number | null; userId?: number | null }>((actor, input) => {
    if (isAdmin(actor)) return null;
    if (input.queueId == null) return { code: 'ERR_VALIDATION', status: 400, message: 'Selecione uma fila' };
    if (!actor.queueIds.includes(input.queueId)) return NO_PERMISSION;
    return input.userId != null && input.userId !== actor.id ? NO_PERMISSION : null;
  }),
  /** Read the conversation: who sees the ticket, and colleagues a private note on it mentions. */
  'ticket.read': signedIn<TicketFacts>((actor, t) => (sees(actor, t) || t.mentioned ? null : NO_TICKET)),
  /** Add a private note: the same readers. */
  'ticket.note': signedIn<TicketFacts>((actor, t) => (sees(actor, t) || t.mentioned ? null : NO_TICKET)),
  /** Answer the customer (and mark the chat read): who sees the ticket; a mention does not give it. */
  'ticket.reply': signedIn<TicketFacts>((actor, t) => (sees(actor, t) ? null : NO_TICKET)),
  /** Scheduled messages of a ticket: whoever sees the ticket manages them. */
  'ticket.schedule': signedIn<TicketFacts>((actor, t) => (sees(actor, t) ? null : NO_TICKET)),
  /** Take a waiting ticket: not one already given to someone else, unless admin. */
  'ticket.accept': onTicket(
    (t) => (t.status === 'pending' ? null : `Only a pending ticket can be accepted (the ticket is ${t.status})`),
    (actor, t) => t.userId == null || ownerOrAdmin(actor, t),
  ),
  /** The contact's earlier tickets in the chat: all of them for admins and users with allHistoric (else the visible ones). */
  'ticket.allHistory': signedIn<{ allHistoric: boolean }>((actor, me) => (isAdmin(actor) || me.allHistoric ? null : NO_PERMISSION)),
  /** Give the ticket to a user other than oneself (accepting on their behalf): admins. */
  'ticket.assignOther': signedIn<{ userId: number }>((actor, target) =>
    target.userId === actor.id || isAdmin(actor) ? null : NO_PERMISSION,
  ),
  /** Back to the sector's queue: its attendant, or an admin. */
  'ticket.return': onTicket(
    (t) => (t.status === 'open' ? null : `Only an open ticket can go back to the queue (the ticket is ${t.status})`),
    ownerOrAdmin,
  ),
  'ticket.transfer': onTicket((t) => (t.status === 'closed' ? 'A closed ticket cannot be transferred' : null)),
  /** Move the conversation to another connection (named permission ticket-options:transferWhatsapp). */
  'ticket.changeConnection': admins,
  /**
   * Resolve is open → closed (spec §4, docs/spec.md): a waiting ticket is accepted first, or closed
   * with Finish. So a pending ticket is never offered Resolve, and the web needs no rule of its own.
   */
  'ticket.resolve': onTicket((t) =>
    t.status === 'open'
      ? null
      : t.status === 'closed'
        ? 'The ticket is already closed'
        : 'Only an open ticket can be resolved; accept it first or finish it',
  ),
  'ticket.finish': onTicket((t) => (t.status === 'closed' ? 'The ticket is already closed' : null)),
  'ticket.reopen': onTicket((t) => (t.status === 'closed' ? null : `Only a closed ticket can be reopened (the ticket is ${t.status})`)),
  /** Named permission ticket-options:deleteTicket. */
  'ticket.delete': admins,

  // Messages and notes (the ticket's rules decide who reads and writes them).
  /** Withdraw a message for everyone; a private note is its author's (or an admin's) to withdraw. */
  'message.delete': signedIn<{ isPrivate: boolean; authorId: number | null }>((actor, m) =>
    !m.isPrivate || m.authorId === actor.id || isAdmin(actor) ? null : NO_PERMISSION,
  ),

  /**
   * React to a message of the conversation: who may answer the customer (the reaction reaches
   * them), while the ticket is not closed.
   */
  'message.react': onTicket((t) => (t.status === 'closed' ? 'The ticket is closed' : null)),
  /**
   * Edit a sent text: the attendant who wrote it, or an admin; never a customer's message or a
   * private note (notes are not sent, nothing to edit on the channel).
   */
  'message.edit': signedIn<{ fromMe: boolean; isPrivate: boolean; authorId: number | null }>((actor, m) =>
    m.fromMe && !m.isPrivate && (m.authorId === actor.id || isAdmin(actor)) ? null : NO_PERMISSION,
  ),

  // Contacts (spec §6 contacts-page:deleteContact; the admin tools of drawer-admin-items:view).
  'contact.list': everyone,
  'contact.create': everyone,
  'contact.update': everyone,
  /** Changing the number redirects the conversations (contact-number.ts). */
  'contact.changeNumber': signedIn<{ tickets: ContactTicketFacts[]; sectorlessForAll: boolean }>((actor, c) =>
    contactNumberLock(actor, c.tickets, { allTicket: c.sectorlessForAll }) === null ? null : NO_PERMISSION,
  ),
  'contact.delete': admins,
  'contact.deleteAll': admins,
  'contact.import': admins,
  'contact.export': admins,
  /** Opting a customer back in to bulk messages is explicit, and an administrator's call. */
  'contact.optIn': admins,

  // The administration screens: the menu's Administration section (spec §6
  // drawer-admin-items:view) and the guard of their pages (each of their routes has its own rule).
  'administration.view': admins,
  /**
   * The admins' realtime room: what only they receive (whole connections and their QR codes, the
   * API token setting, every campaign's progress).
   */
  'realtime.adminRoom': admins,

  // Sessions: someone must always be able to fix the settings, so admins sign in at any hour.
  'session.outsideWorkHours': admins,

  // Users: admins manage everyone; a user edits their own profile but not their rights.
  'user.list': everyone,
  'user.read': everyone,
  'user.create': admins,
  'user.update': signedIn<{ id: number; changesRights: boolean }>((actor, target) => {
    if (isAdmin(actor)) return null;
    return target.id === actor.id && !target.changesRights ? null : NO_PERMISSION;
  }),
  'user.delete': admins,

  // Connections (whatsapp): everyone lists their names and states; the rest is administration.
  'connection.list': everyone,
  /** The full record (tokens, greeting, sectors, session details). */
  'connection.details': admins,
  'connection.manage': admins,
  /** Start, restart, log out, link by pairing code. */
  'connection.session': admins,
  'connection.health': admins,

  // Sectors (queues).
  'sector.list': everyone,
  'sector.manage': admins,
  /** Choose among every sector, not only one's own (starting a conversation with a contact). */
  'sector.pickAny': admins,
  /** Place a ticket in a sector: admins any, others their own. */
  'sector.pick': signedIn<{ id: number }>((actor, sector) => (isAdmin(actor) || actor.queueIds.includes(sector.id) ? null : NO_PERMISSION)),

  // Tags.
  'tag.list': everyone,
  'tag.create': everyone,
  'tag.update': everyone,
  'tag.delete': admins,
  'tag.deleteAll': admins,
  'tag.export': admins,
  /** Take a tag off a contact: admins, and users with the isRemoveTags flag. */
  'tag.removeFromContact': signedIn<{ isRemoveTags: boolean }>((actor, me) => (isAdmin(actor) || me.isRemoveTags ? null : NO_PERMISSION)),

  // Quick answers.
  'quickAnswer.list': everyone,
  'quickAnswer.create': everyone,
  'quickAnswer.update': everyone,
  'quickAnswer.delete': admins,
  'quickAnswer.deleteAll': admins,

  // Settings: everyone reads the ordinary ones; secrets and every change are for admins.
  'setting.list': everyone,
  'setting.read': signedIn<{ secret: boolean }>((actor, s) => (!s.secret || isAdmin(actor) ? null : NO_PERMISSION)),
  'setting.update': admins,

  // Webhooks, imports and the operator's tools.
  'webhook.manage': admins,
  'import.whaticket': admins,
  'inboundFailure.manage': admins,
  'simulator.use': admins,
  /** Who changed what (settings, users, connections, …). */
  'audit.read': admins,

  // Web Push: every user subscribes their own devices; a device is its owner's alone (not even an
  // admin's: it is where that person's notifications go).
  'push.subscribe': everyone,
  'push.device': signedIn<{ userId: number }>((actor, device) => (device.userId === actor.id ? null : NOT_FOUND)),
  // Campaigns: admins, and users an admin granted the `campaigns` permission flag.
  'campaign.manage': granted('campaigns'),

  // Dashboard: admins see anyone's numbers; others their own.
  'dashboard.read': signedIn<{ userId?: number }>((actor, q) =>
    isAdmin(actor) || q.userId === undefined || q.userId === actor.id ? null : NO_PERMISSION,
  ),
  /** Everyone's numbers rather than one's own. */
  'dashboard.everyone': admins,
} satisfies Record<string, Policy<never>>;

export type AccessAction = keyof typeof POLICIES;
export type AccessRecord<A extends AccessAction> = Parameters<(typeof POLICIES)[A]['check']>[1];
