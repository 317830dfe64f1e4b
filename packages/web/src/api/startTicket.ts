/**
 * Opening a ticket for a contact (POST /tickets, spec §7), from the contacts screen and the tickets
 * screen's new-ticket dialog. The tickets screen owns the rest of the tickets API (tickets.ts).
 */
import { TICKET_ROUTES, type TicketCreateBody } from '@switchboard/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from './client';

/** The contact and its attendant; the sector is absent when an admin starts a ticket without one. */
export type StartTicketInput = Required<Pick<TicketCreateBody, 'contactId' | 'userId'>> & Pick<TicketCreateBody, 'queueId'>;

export function useStartTicket() {
  return useMutation({
    mutationFn: ({ contactId, userId, queueId }: StartTicketInput) =>
      call(TICKET_ROUTES.create, { body: { contactId, queueId, userId, status: 'open' } }),
  });
}
