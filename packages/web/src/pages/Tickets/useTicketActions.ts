/**
 * The ticket actions of spec §4 with their navigation: accept and reopen go to the ticket, return,
 * resolve and transfer go back to /tickets, finish fails silently, delete asks first (caller).
 */
import type { TicketDTO } from '@switchboard/shared';
import { useNavigate } from 'react-router';
import { useDeleteTicket, useUpdateTicket, type TicketUpdate } from '../../api/tickets';
import { useToast } from '../../components/Toasts';
import { useAuth } from '../../auth/AuthProvider';

/** With `stay` (the board) no action leaves the current screen. */
export function useTicketActions({ stay = false }: { stay?: boolean } = {}) {
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useAuth();
  const update = useUpdateTicket();
  const remove = useDeleteTicket();
  const me = user?.id ?? 0;

  const run = async (ticket: Pick<TicketDTO, 'id'>, data: TicketUpdate, goTo: string | null, silent = false) => {
    try {
      await update.mutateAsync({ id: ticket.id, data });
      if (goTo && !stay) void navigate(goTo);
      return true;
    } catch (err) {
      if (!silent) toast.error(err);
      return false;
    }
  };

  return {
    pending: update.isPending || remove.isPending,
    accept: (ticket: Pick<TicketDTO, 'id' | 'queueId'>, queueId?: number) =>
      run(ticket, { status: 'open', userId: me, ...(ticket.queueId == null && queueId ? { queueId } : {}) }, `/tickets/${ticket.id}`),
    giveBack: (ticket: Pick<TicketDTO, 'id'>) => run(ticket, { status: 'pending' }, '/tickets'),
    resolve: (ticket: Pick<TicketDTO, 'id'>) => run(ticket, { status: 'closed', userId: me }, '/tickets'),
    reopen: (ticket: Pick<TicketDTO, 'id'>) => run(ticket, { status: 'open', userId: me }, `/tickets/${ticket.id}`),
    finish: (ticket: Pick<TicketDTO, 'id'>) => run(ticket, { status: 'closed', isFinished: true }, '/tickets', true),
    transfer: (
      ticket: Pick<TicketDTO, 'id'>,
      target: { userId: number | null; queueId: number | null; whatsappId?: number; reason?: string },
    ) =>
      run(
        ticket,
        {
          transf: true,
          userId: target.userId,
          ...(target.queueId != null ? { queueId: target.queueId } : {}),
          ...(target.whatsappId != null ? { whatsappId: target.whatsappId } : {}),
          ...(target.reason?.trim() ? { reason: target.reason.trim() } : {}),
        },
        '/tickets',
      ),
    remove: async (ticket: Pick<TicketDTO, 'id'>) => {
      try {
        await remove.mutateAsync(ticket.id);
        // The realtime delete shows the toast and leaves the chat (spec §4 Live updates).
      } catch (err) {
        toast.error(err);
      }
    },
  };
}
