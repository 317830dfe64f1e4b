/**
 * Transfer (spec §4): to an attendant and/or a sector; admins may also move the ticket to another
 * connection. Only a sector (no attendant) puts the ticket back in that sector's queue.
 */
import Autocomplete from '@mui/material/Autocomplete';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { TRANSFER_REASON_MAX, type TicketDTO, type UserDTO } from '@switchboard/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mergePagesById } from '../../../api/cacheUpdates';
import { useConnections } from '../../../api/connections';
import { useQueues } from '../../../api/queues';
import { useUser, useUsersInfinite } from '../../../api/users';
import { useSearchTerm } from '../../../components/useSearchTerm';
import { useAllowedActions } from '../allowedActions';
import { useTicketActions } from '../useTicketActions';
import { RecordSelect } from './RecordSelect';
import { TicketDialog } from './TicketDialog';

/**
 * `toUserId` / `toQueueId` start the dialog with an attendant or sector chosen (the board: a card
 * dropped on their column); the person still confirms, and may change it, as from the list.
 * `stay` (the board) keeps the screen after the transfer instead of going back to the list.
 */
export function TransferTicketDialog({
  ticket,
  onClose,
  toUserId,
  toQueueId,
  stay = false,
}: {
  ticket: TicketDTO;
  onClose: () => void;
  toUserId?: number;
  toQueueId?: number;
  stay?: boolean;
}) {
  const { t } = useTranslation();
  const actions = useTicketActions({ stay });
  const { typed, setTyped, search } = useSearchTerm();
  const usersQuery = useUsersInfinite(search);
  const users = useMemo(() => mergePagesById<UserDTO>((usersQuery.data?.pages ?? []).map((p) => p.users)), [usersQuery.data]);
  const queues = useQueues();
  const canChangeConnection = useAllowedActions(ticket).has('changeConnection');
  const connections = useConnections(canChangeConnection);
  const [user, setUser] = useState<UserDTO | null>(null);
  const [queueId, setQueueId] = useState<number | ''>(toQueueId ?? '');
  const preset = useUser(toUserId);
  const [presetApplied, setPresetApplied] = useState(false);
  // The attendant of the column the card was dropped on, once known (set while rendering, once).
  if (preset.data && !presetApplied) {
    setPresetApplied(true);
    setUser(preset.data);
    if (toQueueId == null && preset.data.queues.length === 1) setQueueId(preset.data.queues[0].id);
  }
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
  const [reason, setReason] = useState('');

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
      reason,
    });
    if (ok) onClose();
  };

  return (
    <TicketDialog
      testId="transfer-dialog"
      title={t('tickets.transfer.title')}
      actionLabel={t('tickets.transfer.submit')}
      actionTestId="transfer-submit"
      actionDisabled={(!user && queueId === '' && whatsappId === '') || actions.pending}
      onAction={() => void submit()}
      onClose={onClose}
    >
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
      <RecordSelect
        label={t('tickets.transfer.sector')}
        testId="transfer-sector"
        records={queues.data ?? []}
        value={queueId}
        onChange={setQueueId}
        emptyLabel={t('tickets.transfer.keep')}
      />
      {canChangeConnection && (
        <RecordSelect
          label={t('tickets.transfer.connection')}
          testId="transfer-connection"
          records={connections.data ?? []}
          value={whatsappId}
          onChange={setWhatsappId}
          emptyLabel={t('tickets.transfer.keep')}
        />
      )}
      <TextField
        margin="dense"
        fullWidth
        multiline
        maxRows={3}
        label={t('tickets.transfer.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        // The label stays one short word (a long one is cut on a phone); what it is for goes below.
        helperText={`${t('tickets.transfer.reasonHint')} · ${reason.length}/${TRANSFER_REASON_MAX}`}
        slotProps={{ htmlInput: { maxLength: TRANSFER_REASON_MAX, 'data-testid': 'transfer-reason' } }}
      />
    </TicketDialog>
  );
}
