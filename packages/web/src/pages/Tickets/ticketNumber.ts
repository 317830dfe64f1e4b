import type { TicketDTO } from '@switchboard/shared';

/**
 * The number a ticket is known by everywhere on screen: its protocol (the number the customer is
 * told, and the one the conversation's ticket dividers show); the id only while it has none.
 */
export function ticketNumber(ticket: Pick<TicketDTO, 'id' | 'protocol'>): string {
  return ticket.protocol || String(ticket.id);
}
