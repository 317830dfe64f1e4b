/** Who the phone belongs to: a new customer (number, optional name) or one that already chatted. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSimulatorCustomers } from '../../api/simulator';
import { digitsOf } from './phoneNumbers';

export interface Customer {
  number: string;
  name: string;
  /** WhatsApp hides this customer's number: the connection sees only their LID. */
  hideNumber?: boolean;
}

export function CustomerPicker({ to, value, onChange }: { to: string; value: Customer; onChange: (next: Customer) => void }) {
  const { t } = useTranslation();
  const customers = useSimulatorCustomers(to || null);
  const current = digitsOf(value.number);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('simulator.customerNumber')}
          value={value.number}
          onChange={(e) => onChange({ ...value, number: e.target.value })}
          sx={{ flex: '1 1 200px' }}
          slotProps={{ htmlInput: { inputMode: 'tel', 'data-testid': 'simulator-customer-number' } }}
        />
        <TextField
          size="small"
          label={t('simulator.customerName')}
          value={value.name}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
          sx={{ flex: '1 1 200px' }}
          slotProps={{ htmlInput: { 'data-testid': 'simulator-customer-name' } }}
        />
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={!!value.hideNumber}
              onChange={(e) => onChange({ ...value, hideNumber: e.target.checked })}
              slotProps={{ input: { 'data-testid': 'simulator-hide-number' } as object }}
            />
          }
          label={t('simulator.hideNumber')}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }} data-testid="simulator-customers">
        <Typography variant="caption" color="text.secondary" sx={{ mr: 1 }}>
          {t('simulator.customers')}
        </Typography>
        {(customers.data ?? []).length === 0 && (
          <Typography variant="caption" color="text.secondary">
            {t('simulator.noCustomers')}
          </Typography>
        )}
        {(customers.data ?? []).map((c) => (
          <Chip
            key={c.customer}
            size="small"
            label={`+${c.customer} (${c.count})`}
            color={c.customer === current ? 'primary' : 'default'}
            onClick={() => onChange({ number: c.customer, name: '', hideNumber: value.hideNumber })}
          />
        ))}
      </Box>
    </Box>
  );
}
