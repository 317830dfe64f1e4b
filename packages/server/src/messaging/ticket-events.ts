/**
 * Announcements of tickets, messages and contacts, addressed at emit time to the rooms of those
 * who may see the ticket now (shared visibility scope, realtime/rooms.ts). They go through the one
 * announcement path (realtime/announce.ts), which derives their webhook events from them (a
 * ticket's events keyed by the ticket, so receivers get them in order; private notes stay inside).
 *
 * A change made in a transaction records its announcements there (`Announcements`): the webhook
 * events are written in the transaction — they commit or roll back with the change — and the
 * realtime events go out after the commit. The `announce…` functions serve changes made outside a
 * transaction: both go out after the change.
 */
import { EVENTS, type ContactEvent, type MessageDTO, type TicketDTO, type TicketEvent, type TicketEventDTO } from '@switchboard/shared';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { announce, Announcements as Recorded, resend, type TicketHands } from '../realtime/announce.js';
import { ROOM_ALL_USERS, roomsForTicket } from '../realtime/rooms.js';
import { presentTicketEvents, recordTicketEvents, type TicketEventInput } from '../store/ticket-log.js';

type TicketPlace = Pick<TicketDTO, 'id' | 'userId' | 'queueId'>;

/** The rooms of whoever may see the ticket now. */
export function audience(ctx: AppContext, ticket: Pick<TicketDTO, 'userId' | 'queueId'>): string[] {
  return roomsForTicket(ticket, { allTicket: ctx.settings.isEnabled('allTicket') });
}

export function announceTicket(ctx: AppContext, action: 'create' | 'update', ticket: TicketDTO): void {
  announce(ctx, audience(ctx, ticket), EVENTS.ticket, { action, ticket });
}

/** Contacts' changes for every signed-in user, and for the webhooks. */
export function announceContact(ctx: AppContext, event: ContactEvent): void {
  announce(ctx, ROOM_ALL_USERS, EVENTS.contact, event);
}

/**
 * After a change of owner or sector: the ticket's new audience gets the update; whoever could see
 * it before but no longer can gets a delete marked `moved`, so it leaves their lists without being
 * announced as deleted. `autoAssigned` tells the new owner the sector gave it to them (a notice).
 */
export function announceTicketMoved(
  ctx: AppContext,
  before: TicketPlace,
  after: TicketDTO,
  options: { autoAssigned?: boolean } = {},
): void {
  for (const [to, event, facts] of ticketMoved(ctx, before, after, options)) announce(ctx, to, EVENTS.ticket, event, facts);
}

/** The update to the new audience (it carries the webhook event) and the `moved` delete to the old one. */
function ticketMoved(ctx: AppContext, before: TicketPlace, after: TicketDTO, options: { autoAssigned?: boolean }) {
  const nowRooms = audience(ctx, after);
  const update: TicketEvent = { action: 'update', ticket: after, ...(options.autoAssigned ? { autoAssigned: true } : {}) };
  const hands: TicketHands = { userId: before.userId, queueId: before.queueId };
  return [
    [nowRooms, update, { before: hands }],
    [{ rooms: audience(ctx, before), except: nowRooms }, { action: 'delete', ticketId: after.id, moved: true }, {}],
  ] as const;
}

export function announceTicketDeleted(ctx: AppContext, ticket: TicketPlace): void {
  announce(ctx, audience(ctx, ticket), EVENTS.ticket, { action: 'delete', ticketId: ticket.id });
}

export function announceUnreadReset(ctx: AppContext, ticket: TicketPlace): void {
  announce(ctx, audience(ctx, ticket), EVENTS.ticket, { action: 'updateUnread', ticketId: ticket.id });
}

export function announceMessage(ctx: AppContext, action: 'create' | 'update', message: MessageDTO, ticket: TicketDTO): void {
  announce(ctx, audience(ctx, ticket), EVENTS.appMessage, { action, message, ticket, contact: ticket.contact });
}

/**
 * A message announced again to those who may see its ticket now (realtime only: the webhook
 * receivers are not told twice). Marked `again`: a client that already has it changes nothing and
 * does not notify a second time.
 */
export function reannounceMessage(ctx: AppContext, message: MessageDTO, ticket: TicketDTO): void {
  resend(ctx, audience(ctx, ticket), EVENTS.appMessage, { action: 'create', message, ticket, contact: ticket.contact, again: true });
}

/** New events of a ticket's story, to whoever may see the ticket now (after the commit). */
export function announceTicketStory(ctx: AppContext, ticket: Pick<TicketDTO, 'userId' | 'queueId'>, events: TicketEventDTO[]): void {
  const rooms = audience(ctx, ticket);
  for (const event of events) announce(ctx, rooms, EVENTS.ticketEvent, { event });
}

/** Writes story rows in the change's transaction; `announce(ticket)` presents and sends them after commit. */
export async function recordStory(ctx: AppContext, tx: DbOrTx, inputs: TicketEventInput[]) {
  const rows = await recordTicketEvents(tx, inputs);
  const dtos = await presentTicketEvents(tx, rows);
  return (ticket: Pick<TicketDTO, 'userId' | 'queueId'>) => announceTicketStory(ctx, ticket, dtos);
}

/** Transactional announcements (realtime/announce.ts) addressed like the functions above. */
export class Announcements extends Recorded {
  constructor(
    private readonly context: AppContext,
    tx: DbOrTx,
  ) {
    super(context, tx);
  }

  ticket(action: 'create' | 'update', ticket: TicketDTO): Promise<void> {
    return this.add(audience(this.context, ticket), EVENTS.ticket, { action, ticket });
  }

  async ticketMoved(before: TicketPlace, after: TicketDTO): Promise<void> {
    for (const [to, event, facts] of ticketMoved(this.context, before, after, {})) await this.add(to, EVENTS.ticket, event, facts);
  }

  message(action: 'create' | 'update', message: MessageDTO, ticket: TicketDTO): Promise<void> {
    return this.add(audience(this.context, ticket), EVENTS.appMessage, { action, message, ticket, contact: ticket.contact });
  }

  /** `live: false`: webhooks only (a bulk import; the contacts screen reloads when opened). */
  contact(event: ContactEvent, options: { live?: boolean } = {}): Promise<void> {
    return this.add(ROOM_ALL_USERS, EVENTS.contact, event, {}, options);
  }
}
