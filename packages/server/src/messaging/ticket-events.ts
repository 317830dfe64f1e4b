/** Realtime announcements of tickets and messages, each only to the rooms that may see the ticket. */
import { EVENTS, type MessageDTO, type TicketDTO, type TicketEvent } from '@switchboard/shared';
import type { AppContext } from '../context.js';
import { chatRoom, roomsForTicket } from '../realtime/rooms.js';

export function announceTicket(ctx: AppContext, action: 'create' | 'update', ticket: TicketDTO): void {
  const event: TicketEvent = { action, ticket };
  ctx.realtime.emit([...roomsForTicket(ticket), chatRoom(ticket.id)], EVENTS.ticket, event);
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
  const nowRooms = [...roomsForTicket(after), chatRoom(after.id)];
  ctx.realtime.emit(nowRooms, EVENTS.ticket, { action: 'update', ticket: after } satisfies TicketEvent);
  ctx.realtime.emitExcept(roomsForTicket(before), nowRooms, EVENTS.ticket, {
    action: 'delete',
    ticketId: after.id,
    moved: true,
  } satisfies TicketEvent);
}

export function announceTicketDeleted(ctx: AppContext, ticket: Pick<TicketDTO, 'id' | 'userId' | 'queueId'>): void {
  const event: TicketEvent = { action: 'delete', ticketId: ticket.id };
  ctx.realtime.emit([...roomsForTicket(ticket), chatRoom(ticket.id)], EVENTS.ticket, event);
}

export function announceUnreadReset(ctx: AppContext, ticket: Pick<TicketDTO, 'id' | 'userId' | 'queueId'>): void {
  const event: TicketEvent = { action: 'updateUnread', ticketId: ticket.id };
  ctx.realtime.emit([...roomsForTicket(ticket), chatRoom(ticket.id)], EVENTS.ticket, event);
}

export function announceMessage(
  ctx: AppContext,
  action: 'create' | 'update',
  message: MessageDTO,
  ticket: TicketDTO,
): void {
  ctx.realtime.emit([...roomsForTicket(ticket), chatRoom(ticket.id)], EVENTS.appMessage, {
    action,
    message,
    ticket,
    contact: ticket.contact,
  });
}
