/**
 * Transfer (spec §4): to an attendant and/or a sector; admins may also move the ticket to another
 * connection. Only a sector (no attendant) puts the ticket back in that sector's queue.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { can, type TicketDTO, type UserDTO } from '@switchboard/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mergePagesById } from '../../../api/cacheUpdates';
import { useConnections } from '../../../api/connections';
import { useQueues } from '../../../api/queues';
import { useUsersInfinite } from '../../../api/users';
import { useAuth } from '../../../auth/AuthProvider';
import { useSearchTerm } from '../../../components/useSearchTerm';
import { useTicketActions } from '../useTicketActions';

export function TransferTicketDialog({ ticket, onClose }: { ticket: TicketDTO; onClose(): void }) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const actions = useTicketActions();
  const { typed, setTyped, search } = useSearchTerm();
  const usersQuery = useUsersInfinite(search);
  const users = useMemo(() => mergePagesById<UserDTO>((usersQuery.data?.pages ?? []).map((p) => p.users)), [usersQuery.data]);
  const queues = useQueues();
  const canChangeConnection = can(me, 'ticket-options:transferWhatsapp');
  const connections = useConnections(canChangeConnection);
  const [user, setUser] = useState<UserDTO | null>(null);
  const [queueId, setQueueId] = useState<number | ''>('');
  const [whatsappId, setWhatsappId] = useState<number | ''>('');

  // Choosing an attendant proposes their only sector, as they will handle it there.
  const chooseUser = (u: UserDTO | null) => {
    setUser(u);
    if (u && u.queues.length === 1) setQueueId(u.queues[0].id);
  };

  const submit = async () => {
    const ok = await actions.transfer(ticket, {
      userId: user?.id ?? null,
      queueId: queueId === '' ? null : queueId,
      whatsappId: whatsappId === '' ? undefined : whatsappId,
    });
    if (ok) onClose();
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="transfer-dialog">
      <DialogTitle>{t('tickets.transfer.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2">{t('tickets.transfer.hint')}</DialogContentText>
        <Autocomplete
          options={users}
          value={user}
          onChange={(_e, value) => chooseUser(value)}
          inputValue={typed}
          onInputChange={(_e, value) => setTyped(value)}
          getOptionLabel={(u) => u.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(x) => x}
          loading={usersQuery.isFetching}
          renderInput={(params) => (
            <TextField
              {...params}
              margin="dense"
              label={t('tickets.transfer.user')}
              inputProps={{ ...params.inputProps, 'data-testid': 'transfer-user' }}
            />
          )}
        />
        <TextField
          select
          fullWidth
          margin="dense"
          label={t('tickets.transfer.sector')}
          value={queueId}
          onChange={(e) => setQueueId(e.target.value === '' ? '' : Number(e.target.value))}
          slotProps={{ htmlInput: { 'data-testid': 'transfer-sector' } }}
        >
          <MenuItem value="">
            <em>{t('tickets.transfer.keep')}</em>
          </MenuItem>
          {(queues.data ?? []).map((q) => (
            <MenuItem key={q.id} value={q.id}>
              {q.name}
            </MenuItem>
          ))}
        </TextField>
        {canChangeConnection && (
          <TextField
            select
            fullWidth
            margin="dense"
            label={t('tickets.transfer.connection')}
            value={whatsappId}
            onChange={(e) => setWhatsappId(e.target.value === '' ? '' : Number(e.target.value))}
            slotProps={{ htmlInput: { 'data-testid': 'transfer-connection' } }}
          >
            <MenuItem value="">
              <em>{t('tickets.transfer.keep')}</em>
            </MenuItem>
            {(connections.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={(!user && queueId === '' && whatsappId === '') || actions.pending}
          onClick={() => void submit()}
          data-testid="transfer-submit"
        >
          {t('tickets.transfer.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
