import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { QueueRef } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorDot } from '../../../components/ColorDot';

/** Spec §2 Accept dialog: pick one of the user's sectors; Start stays disabled until one is chosen. */
export function AcceptTicketDialog({
  sectors,
  initial,
  onAccept,
  onClose,
}: {
  sectors: QueueRef[];
  initial: number | null;
  onAccept(queueId: number): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [queueId, setQueueId] = useState<number | ''>(initial ?? '');
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="accept-dialog">
      <DialogTitle>{t('tickets.accept.title')}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          margin="dense"
          label={t('tickets.accept.sector')}
          value={queueId}
          onChange={(e) => setQueueId(Number(e.target.value))}
          slotProps={{ htmlInput: { 'data-testid': 'accept-sector' } }}
        >
          {sectors.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              <ColorDot color={s.color} />
              &nbsp;{s.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={queueId === ''}
          onClick={() => queueId !== '' && onAccept(queueId)}
          data-testid="accept-start"
        >
          {t('tickets.accept.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
