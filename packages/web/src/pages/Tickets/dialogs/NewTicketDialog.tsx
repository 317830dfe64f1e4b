/**
 * New ticket (spec §2, §5): choose a contact (searched as typed, 500 ms debounce, from 3 characters)
 * and a sector; OK stays disabled until both are chosen. The new ticket opens at once.
 */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ContactDTO } from '@switchboard/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mergePagesById } from '../../../api/cacheUpdates';
import { useContactsInfinite } from '../../../api/contacts';
import { useQueues } from '../../../api/queues';
import { useStartTicket } from '../../../api/startTicket';
import { useToast } from '../../../components/Toasts';
import { useSearchTerm } from '../../../components/useSearchTerm';
import { useViewer } from '../useViewer';
import { RecordSelect } from './RecordSelect';
import { TicketDialog } from './TicketDialog';

export function NewTicketDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const viewer = useViewer();
  const { typed, setTyped, search } = useSearchTerm();
  const contactsQuery = useContactsInfinite(search);
  const contacts = useMemo(
    () => mergePagesById<ContactDTO>((contactsQuery.data?.pages ?? []).map((p) => p.contacts)),
    [contactsQuery.data],
  );
  const allSectors = useQueues(viewer.pickAnySector && viewer.sectors.length === 0);
  const sectors = viewer.sectors.length ? viewer.sectors : (allSectors.data ?? []);
  const [contact, setContact] = useState<ContactDTO | null>(null);
  const [queueId, setQueueId] = useState<number | ''>(sectors.length === 1 ? sectors[0].id : '');
  const create = useStartTicket();

  const submit = async () => {
    if (!contact || queueId === '' || !viewer.user) return;
    try {
      const ticket = await create.mutateAsync({ contactId: contact.id, queueId, userId: viewer.user.id });
      onClose();
      void navigate(`/tickets/${ticket.id}`);
    } catch (err) {
      toast.error(err);
    }
  };

  return (
    <TicketDialog
      testId="new-ticket-dialog"
      title={t('tickets.newTicketDialog.title')}
      actionLabel={t('tickets.newTicketDialog.ok')}
      actionTestId="new-ticket-ok"
      actionDisabled={!contact || queueId === '' || create.isPending}
      onAction={() => void submit()}
      onClose={onClose}
    >
      <Autocomplete
        options={contacts}
        value={contact}
        onChange={(_e, value) => setContact(value)}
        inputValue={typed}
        onInputChange={(_e, value) => setTyped(value)}
        getOptionLabel={(c) => `${c.name} - ${c.number}`}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(x) => x}
        loading={contactsQuery.isFetching}
        noOptionsText={t('tickets.newTicketDialog.noOptions')}
        renderInput={(params) => (
          <TextField
            {...params}
            margin="dense"
            autoFocus
            label={t('tickets.newTicketDialog.contact')}
            helperText={t('tickets.newTicketDialog.contactHint')}
            inputProps={{ ...params.inputProps, 'data-testid': 'new-ticket-contact' }}
          />
        )}
      />
      <RecordSelect
        label={t('tickets.newTicketDialog.sector')}
        testId="new-ticket-sector"
        records={sectors}
        value={queueId}
        onChange={setQueueId}
      />
    </TicketDialog>
  );
}
