/**
 * The bell's list (spec §2 Layout): open and pending tickets with unread messages, live through the
 * tickets caches (a read ticket leaves it on updateUnread, a new message adds it).
 */
import type { TicketDTO } from '@switchboard/shared';
import { useMemo } from 'react';
import { mergePagesById } from '../../../api/cacheUpdates';
import type { TicketListFilter } from '../../../api/ticketListCache';
import { useTicketsInfinite } from '../../../api/tickets';

const OPEN: TicketListFilter = { status: 'open', withUnreadMessages: true };
const PENDING: TicketListFilter = { status: 'pending', withUnreadMessages: true };

export function useUnreadTickets(): TicketDTO[] {
  const open = useTicketsInfinite(OPEN);
  const pending = useTicketsInfinite(PENDING);
  return useMemo(
    () => mergePagesById<TicketDTO>([...(open.data?.pages ?? []), ...(pending.data?.pages ?? [])].map((p) => p.tickets)),
    [open.data, pending.data],
  );
}
