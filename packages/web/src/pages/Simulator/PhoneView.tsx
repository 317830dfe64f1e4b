/**
 * The customer's phone: which connection it talks to (a connected simulator connection, by number),
 * which customer it is, and that customer's chat — or, with a group id, the group's chat, the
 * customer writing as one of its members.
 */
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionList } from '../../api/connectionsAdmin';
import { normalizeStatus } from '../Connections/ConnectionStatus';
import { ChatPanel } from './ChatPanel';
import { CustomerPicker, type Customer } from './CustomerPicker';
import { isCustomerNumber, isGroupId } from './phoneNumbers';

export function PhoneView() {
  const { t } = useTranslation();
  const connections = useConnectionList();
  const connected = (connections.data ?? []).filter(
    (c) => c.channel === 'simulator' && normalizeStatus(c.status) === 'CONNECTED' && c.number,
  );
  const [to, setTo] = useState('');
  const [customer, setCustomer] = useState<Customer>({ number: '', name: '' });
  const [group, setGroup] = useState('');
  const groupId = group.trim();
  const groupError = groupId !== '' && !isGroupId(groupId);

  const connectedNumbers = connected.map((c) => c.number).join(',');
  // Follow the connections: pick the first one, and let go of one that disconnected.
  useEffect(() => {
    if (connected.some((c) => c.number === to)) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the chosen connection follows the live list of connections
    setTo(connected[0]?.number ?? '');
    // Keyed on the numbers, not the array (a new array on every fetch).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [connectedNumbers, to]);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="simulator-phone">
      <Typography variant="subtitle1" gutterBottom>
        {t('simulator.phoneTitle')}
      </Typography>
      {connected.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="simulator-no-connections">
          {t('simulator.noConnections')}
        </Typography>
      ) : (
        <Stack spacing={2}>
          <TextField
            select
            size="small"
            label={t('simulator.connection')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'simulator-connection' } as object } }}
          >
            {connected.map((c) => (
              <MenuItem key={c.id} value={c.number}>
                {c.name} · +{c.number}
              </MenuItem>
            ))}
          </TextField>
          <CustomerPicker to={to} value={customer} onChange={setCustomer} />
          <TextField
            size="small"
            label={t('simulator.group')}
            value={group}
            onChange={(e) => setGroup(e.target.value)}
            error={groupError}
            helperText={groupError ? t('simulator.groupInvalid') : t('simulator.groupHint')}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'simulator-group' } }}
          />
          {isCustomerNumber(customer.number) && !groupError ? (
            <ChatPanel
              to={to}
              customer={customer.number}
              customerName={customer.name}
              group={groupId || undefined}
              hideNumber={!!customer.hideNumber}
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('simulator.pickCustomer')}
            </Typography>
          )}
        </Stack>
      )}
    </Paper>
  );
}
