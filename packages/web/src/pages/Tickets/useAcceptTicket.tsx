/**
 * Accepting a ticket (spec §2 Accept dialog): a ticket without sector, or a user of several
 * sectors, picks the sector first; otherwise the ticket is taken at once. Shared by the status
 * buttons, the keyboard and the board, so all three ask the same.
 */
import type { TicketDTO } from '@switchboard/shared';
import { useState } from 'react';
import { useQueues } from '../../api/queues';
import { AcceptTicketDialog } from './dialogs/AcceptTicketDialog';
import { useTicketActions } from './useTicketActions';
import { useViewer } from './useViewer';

export function useAcceptTicket({ stay = false }: { stay?: boolean } = {}) {
  const actions = useTicketActions({ stay });
  const viewer = useViewer();
  const [choosing, setChoosing] = useState<TicketDTO | null>(null);
  // Admins without sectors of their own may place a sectorless ticket in any sector.
  const allSectors = useQueues(viewer.pickAnySector && viewer.sectors.length === 0);
  const sectorChoices = viewer.sectors.length ? viewer.sectors : (allSectors.data ?? []);

  const accept = (ticket: TicketDTO) => {
    const needsChoice = ticket.queueId == null ? sectorChoices.length > 0 : viewer.sectors.length > 1;
    if (needsChoice) setChoosing(ticket);
    else void actions.accept(ticket);
  };

  const dialog = choosing && (
    <AcceptTicketDialog
      sectors={choosing.queueId == null ? sectorChoices : viewer.sectors}
      initial={choosing.queueId}
      onClose={() => setChoosing(null)}
      onAccept={(queueId) => {
        setChoosing(null);
        void actions.accept(choosing, queueId);
      }}
    />
  );
  return { accept, dialog, choosing: choosing != null, actions };
}
