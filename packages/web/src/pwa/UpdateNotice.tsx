/** "A new version is available — Reload": shown when a new service worker waits (serviceWorker.ts). */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activateUpdate, registerServiceWorker } from './serviceWorker';

export function UpdateNotice() {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    registerServiceWorker(setWaiting).catch((err: unknown) => console.error('service worker registration failed', err));
  }, []);
  return (
    <Snackbar open={waiting != null} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <Alert
        severity="info"
        variant="filled"
        role="status"
        data-testid="update-available"
        action={
          <Button color="inherit" size="small" data-testid="update-reload" onClick={() => waiting && activateUpdate(waiting)}>
            {t('pwa.reload')}
          </Button>
        }
      >
        {t('pwa.updateAvailable')}
      </Alert>
    </Snackbar>
  );
}
