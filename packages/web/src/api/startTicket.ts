/**
 * Opening a ticket for a contact (POST /tickets, spec §7) from the contacts screen. The tickets
 * screen owns the rest of the tickets API; this is the one call the contacts screen needs.
 */
import { ticketSchema } from '@switchboard/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from './client';

export interface StartTicketInput {
  contactId: number;
  userId: number;
  /** Absent when an admin starts a ticket without choosing a sector. */
  queueId?: number;
}

export function useStartTicket() {
  return useMutation({
    mutationFn: ({ contactId, userId, queueId }: StartTicketInput) =>
      api.post('/tickets', ticketSchema, { contactId, queueId, userId, status: 'open' }),
  });
}
