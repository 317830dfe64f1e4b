/** QR codes the simulated phones can scan: one card per connection waiting for a scan. */
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useConnectionList } from '../../api/connectionsAdmin';
import { usePendingQrCodes } from '../../api/simulator';
import { EnterPairingCode } from './EnterPairingCode';
import { PendingQrItem } from './PendingQrItem';

export function PendingQrList() {
  const { t } = useTranslation();
  const pending = usePendingQrCodes();
  const connections = useConnectionList();
  const nameOf = (id: number) => connections.data?.find((c) => c.id === id)?.name ?? t('simulator.unknownConnection', { id });
  const items = pending.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="simulator-pending">
      <Typography variant="subtitle1" gutterBottom>
        {t('simulator.pendingTitle')}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('simulator.pendingEmpty')}
        </Typography>
      ) : (
        <Stack spacing={2}>
          {items.map((p) => (
            <PendingQrItem key={p.qrcode} pending={p} name={nameOf(p.connectionId)} />
          ))}
        </Stack>
      )}
      {items.length > 0 && <EnterPairingCode />}
    </Paper>
  );
}
