/** Ticket options (spec §2, §4): transfer, finish (silent on failure), delete (admin, confirmed). */
import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { TicketDTO } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationModal } from '../../../components/ConfirmationModal';
import { TransferTicketDialog } from '../dialogs/TransferTicketDialog';
import { ScheduledMessagesDialog } from '../scheduled/ScheduledMessagesDialog';
import { ticketNumber } from '../ticketNumber';
import { useAllowedActions } from '../allowedActions';
import { useTicketActions } from '../useTicketActions';

export function TicketOptionsMenu({ ticket }: { ticket: TicketDTO }) {
  const { t } = useTranslation();
  const allowed = useAllowedActions(ticket);
  const actions = useTicketActions();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'transfer' | 'delete' | 'scheduled' | null>(null);
  const open = (which: 'transfer' | 'delete' | 'scheduled') => {
    setAnchor(null);
    setDialog(which);
  };
  // Nothing to offer (a colleague who may only read the ticket): no menu at all.
  if (!allowed.has('transfer') && !allowed.has('finish') && !allowed.has('delete')) return null;
  return (
    <>
      <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={t('tickets.actions.options')} data-testid="ticket-options">
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor != null} onClose={() => setAnchor(null)}>
        {allowed.has('transfer') && (
          <MenuItem onClick={() => open('transfer')} data-testid="ticket-transfer">
            {t('tickets.actions.transfer')}
          </MenuItem>
        )}
        {ticket.status !== 'closed' && (
          <MenuItem onClick={() => open('scheduled')} data-testid="ticket-scheduled">
            {t('scheduled.menu')}
          </MenuItem>
        )}
        {allowed.has('finish') && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void actions.finish(ticket);
            }}
            data-testid="ticket-finish"
          >
            {t('tickets.actions.finish')}
          </MenuItem>
        )}
        {allowed.has('delete') && (
          <MenuItem onClick={() => open('delete')} data-testid="ticket-delete" sx={{ color: 'error.main' }}>
            {t('tickets.actions.delete')}
          </MenuItem>
        )}
      </Menu>
      {dialog === 'transfer' && <TransferTicketDialog ticket={ticket} onClose={() => setDialog(null)} />}
      {dialog === 'scheduled' && (
        <ScheduledMessagesDialog ticketId={ticket.id} contactName={ticket.contact.name} onClose={() => setDialog(null)} />
      )}
      <ConfirmationModal
        open={dialog === 'delete'}
        title={t('tickets.deleteConfirm.title', { id: ticketNumber(ticket) })}
        onClose={() => setDialog(null)}
        onConfirm={() => void actions.remove(ticket)}
      >
        {t('tickets.deleteConfirm.message')}
      </ConfirmationModal>
    </>
  );
}
