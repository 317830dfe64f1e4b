/**
 * /simulator — act as customers' phones for connections of kind `simulator` (issue 3): scan pending
 * QR codes, then chat as a customer with a connected simulator connection.
 */
import Grid from '@mui/material/Grid';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryKeys';
import { MainHeader } from '../../components/MainHeader';
import { useConnectionLiveUpdates } from '../Connections/useConnectionLiveUpdates';
import { PendingQrList } from './PendingQrList';
import { PhoneView } from './PhoneView';

export default function SimulatorPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // A session change may add or remove a QR code waiting to be scanned.
  const refreshPending = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.simulatorPending }), [queryClient]);
  useConnectionLiveUpdates(refreshPending);

  return (
    <>
      <MainHeader title={t('simulator.title')} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <PendingQrList />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <PhoneView />
        </Grid>
      </Grid>
    </>
  );
}
