/**
 * While the live connection is down (server restarting, network lost) the screens cannot follow
 * what happens elsewhere: the shell says so until the socket is back (and the screens refetched).
 */
import CloudOffIcon from '@mui/icons-material/CloudOff';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../pwa/useOnline';
import { useSocketStatus } from '../realtime/SocketProvider';

export function ReconnectingNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  // Without a network the offline notice says more; one notice at a time.
  const reconnecting = useSocketStatus() === 'reconnecting' && online;
  return (
    <Snackbar open={reconnecting} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert severity="warning" variant="filled" role="status" icon={<CloudOffIcon fontSize="inherit" />} data-testid="reconnecting">
        {t('topbar.reconnecting')}
      </Alert>
    </Snackbar>
  );
}
