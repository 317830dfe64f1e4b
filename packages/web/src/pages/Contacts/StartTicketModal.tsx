/**
 * Start a ticket for a contact (spec §2 Contacts, §5): the user picks a sector — required unless
 * admin — and, once the ticket exists, the tickets screen opens on it.
 */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { allowed, type ContactDTO, type QueueRef } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueues } from '../../api/queues';
import { useStartTicket } from '../../api/startTicket';
import { accessActorOf, useAllowed } from '../../access/useAccess';
import { useCurrentUser } from '../../auth/AuthProvider';
import { useToast } from '../../components/Toasts';

export function StartTicketModal({ contact, onClose }: { contact: ContactDTO; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const user = useCurrentUser();
  // Admins may open a ticket in any sector; attendants in their own.
  const anySector = useAllowed('sector.pickAny');
  const allQueues = useQueues(anySector);
  const queues: QueueRef[] = anySector ? (allQueues.data ?? []) : user.queues;
  const [queueId, setQueueId] = useState<number | ''>(queues.length === 1 ? queues[0].id : '');
  const start = useStartTicket();

  const onStart = async () => {
    // Without a sector only where the server's rule allows it (admins); others must pick one.
    if (queueId === '' && !allowed(accessActorOf(user), 'ticket.create', { queueId: null, userId: user.id })) {
      toast.error(t('contacts.ticketModal.selectQueue'));
      return;
    }
    try {
      const ticket = await start.mutateAsync({
        contactId: contact.id,
        userId: user.id,
        queueId: queueId === '' ? undefined : queueId,
      });
      onClose();
      void navigate(`/tickets/${ticket.id}`);
    } catch (err) {
      toast.error(err);
    }
  };

  return (
    <Dialog open onClose={start.isPending ? undefined : onClose} maxWidth="xs" fullWidth data-testid="start-ticket-modal">
      <DialogTitle>{t('contacts.ticketModal.title', { name: contact.name })}</DialogTitle>
      <DialogContent dividers>
        <TextField
          select
          fullWidth
          size="small"
          label={t('contacts.ticketModal.queue')}
          value={queueId}
          onChange={(e) => setQueueId(e.target.value === '' ? '' : Number(e.target.value))}
          slotProps={{
            inputLabel: { shrink: true },
            select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'start-ticket-queue' } as object },
          }}
        >
          <MenuItem value="">{t('contacts.ticketModal.none')}</MenuItem>
          {queues.map((q) => (
            <MenuItem key={q.id} value={q.id} data-testid={`start-ticket-queue-${q.id}`}>
              {q.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={start.isPending} data-testid="start-ticket-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void onStart()}
          disabled={start.isPending}
          startIcon={start.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="start-ticket-submit"
        >
          {t('contacts.ticketModal.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
