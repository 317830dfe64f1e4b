/**
 * Realtime announcements of tickets and messages, addressed at emit time to the rooms of those who
 * may see the ticket now (shared visibility scope, realtime/rooms.ts).
 */
import { EVENTS, type MessageDTO, type TicketDTO, type TicketEvent } from '@switchboard/shared';
import type { AppContext } from '../context.js';
import { roomsForTicket } from '../realtime/rooms.js';

/** The rooms of whoever may see the ticket now. */
export function audience(ctx: AppContext, ticket: Pick<TicketDTO, 'userId' | 'queueId'>): string[] {
  return roomsForTicket(ticket, { allTicket: ctx.settings.isEnabled('allTicket') });
}

export function announceTicket(ctx: AppContext, action: 'create' | 'update', ticket: TicketDTO): void {
  const event: TicketEvent = { action, ticket };
  ctx.realtime.emit(audience(ctx, ticket), EVENTS.ticket, event);
}

/**
 * After a change of owner or sector: the ticket's new audience gets the update; whoever could see
 * it before but no longer can gets a delete marked `moved`, so it leaves their lists without being
 * announced as deleted.
 */
export function announceTicketMoved(
  ctx: AppContext,
  before: Pick<TicketDTO, 'id' | 'userId' | 'queueId'>,
  after: TicketDTO,
): void {
  const nowRooms = audience(ctx, after);
  ctx.realtime.emit(nowRooms, EVENTS.ticket, { action: 'update', ticket: after } satisfies TicketEvent);
  ctx.realtime.emitExcept(audience(ctx, before), nowRooms, EVENTS.ticket, {
    action: 'delete',
    ticketId: after.id,
    moved: true,
  } satisfies TicketEvent);
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
}
