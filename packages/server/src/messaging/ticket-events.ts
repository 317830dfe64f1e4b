/**
 * Realtime announcements of tickets and messages, addressed at emit time to the rooms of those who
 * may see the ticket now (shared visibility scope, realtime/rooms.ts). The same announcements feed
 * the outgoing webhooks (a ticket's events keyed by the ticket, so receivers get them in order;
 * private notes stay inside).
 */
import { EVENTS, type ContactDTO, type ContactEvent, type MessageDTO, type TicketDTO, type TicketEvent } from '@switchboard/shared';
import type { AppContext } from '../context.js';
import { roomsForTicket } from '../realtime/rooms.js';

/** The rooms of whoever may see the ticket now. */
export function audience(ctx: AppContext, ticket: Pick<TicketDTO, 'userId' | 'queueId'>): string[] {
  return roomsForTicket(ticket, { allTicket: ctx.settings.isEnabled('allTicket') });
}

export function announceTicket(ctx: AppContext, action: 'create' | 'update', ticket: TicketDTO): void {
  const event: TicketEvent = { action, ticket };
  ctx.realtime.emit(audience(ctx, ticket), EVENTS.ticket, event);
  ctx.webhooks?.publish(action === 'create' ? 'ticket.created' : 'ticket.updated', ticketKey(ticket.id), { ticket });
}

const ticketKey = (id: number) => `ticket:${id}`;

/** Contacts' changes for every signed-in user, and for the webhooks. */
export function announceContact(ctx: AppContext, event: ContactEvent): void {
  ctx.realtime.emitToAll(EVENTS.contact, event);
  if (event.action === 'create' || event.action === 'update') {
    const contact: ContactDTO = event.contact;
    ctx.webhooks?.publish(event.action === 'create' ? 'contact.created' : 'contact.updated', `contact:${contact.id}`, { contact });
  }
}

/**
 * After a change of owner or sector: the ticket's new audience gets the update; whoever could see
 * it before but no longer can gets a delete marked `moved`, so it leaves their lists without being
 * announced as deleted. `autoAssigned` tells the new owner the sector gave it to them (a notice).
 */
export function announceTicketMoved(
  ctx: AppContext,
  before: Pick<TicketDTO, 'id' | 'userId' | 'queueId'>,
  after: TicketDTO,
  options: { autoAssigned?: boolean } = {},
): void {
  const nowRooms = audience(ctx, after);
  const update: TicketEvent = { action: 'update', ticket: after, ...(options.autoAssigned ? { autoAssigned: true } : {}) };
  ctx.realtime.emit(nowRooms, EVENTS.ticket, update);
  ctx.realtime.emitExcept(audience(ctx, before), nowRooms, EVENTS.ticket, {
    action: 'delete',
    ticketId: after.id,
    moved: true,
  } satisfies TicketEvent);
  const key = ticketKey(after.id);
  const changedHands = before.queueId !== after.queueId || (before.userId != null && after.userId != null && before.userId !== after.userId);
  if (after.status === 'closed') ctx.webhooks?.publish('ticket.closed', key, { ticket: after });
  else if (changedHands) ctx.webhooks?.publish('ticket.transferred', key, { ticket: after, from: { userId: before.userId, queueId: before.queueId } });
  else ctx.webhooks?.publish('ticket.updated', key, { ticket: after });
}

export function announceTicketDeleted(ctx: AppContext, ticket: Pick<TicketDTO, 'id' | 'userId' | 'queueId'>): void {
  const event: TicketEvent = { action: 'delete', ticketId: ticket.id };
  ctx.realtime.emit(audience(ctx, ticket), EVENTS.ticket, event);
}

export function announceUnreadReset(ctx: AppContext, ticket: Pick<TicketDTO, 'id' | 'userId' | 'queueId'>): void {
  const event: TicketEvent = { action: 'updateUnread', ticketId: ticket.id };
  ctx.realtime.emit(audience(ctx, ticket), EVENTS.ticket, event);
}

export function announceMessage(
  ctx: AppContext,
  action: 'create' | 'update',
  message: MessageDTO,
  ticket: TicketDTO,
): void {
  ctx.realtime.emit(audience(ctx, ticket), EVENTS.appMessage, {
    action,
    message,
    ticket,
    contact: ticket.contact,
  });
  if (!message.isPrivate) {
    ctx.webhooks?.publish(action === 'create' ? 'message.created' : 'message.updated', ticketKey(ticket.id), { message, ticket });
  }
}
