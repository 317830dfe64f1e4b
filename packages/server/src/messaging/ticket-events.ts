/** Realtime announcements of tickets and messages, each only to the rooms that may see the ticket. */
import { EVENTS, type MessageDTO, type TicketDTO, type TicketEvent } from '@switchboard/shared';
import type { AppContext } from '../context.js';
import { chatRoom, roomsForTicket } from '../realtime/rooms.js';

export function announceTicket(ctx: AppContext, action: 'create' | 'update', ticket: TicketDTO): void {
  const event: TicketEvent = { action, ticket };
  ctx.realtime.emit([...roomsForTicket(ticket), chatRoom(ticket.id)], EVENTS.ticket, event);
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
