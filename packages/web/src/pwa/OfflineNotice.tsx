/**
 * Without a network the installed app still opens (the service worker keeps the shell), but no
 * data can be loaded or sent: the shell says so, on every screen, for as long as it lasts — what
 * is on screen is not presented as current.
 */
import WifiOffIcon from '@mui/icons-material/WifiOff';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useOnline } from './useOnline';

export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <Snackbar open={!online} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert severity="error" variant="filled" role="status" icon={<WifiOffIcon fontSize="inherit" />} data-testid="offline-notice">
        {t('pwa.offline')}
      </Alert>
    </Snackbar>
  );
}
