/**
 * WhatsApp asked this number for a passkey to link a device, which this server cannot give: the
 * connection says so and lists what the admin can do (docs/whatsapp-linking.md has the details).
 */
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The status reason the WhatsApp driver stops with (channels/whatsapp/linking.ts). */
export const PASSKEY_REQUIRED = 'passkey-required';

export function PasskeyNotice() {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" sx={{ mt: 1, textAlign: 'left' }} data-testid="connection-passkey-required">
      <Typography variant="body2" fontWeight={600}>
        {t('linking.passkey.title')}
      </Typography>
      <Typography variant="body2">{t('linking.passkey.what')}</Typography>
      <Typography component="ul" variant="body2" sx={{ pl: 2, my: 0.5 }}>
        <li>{t('linking.passkey.optionCloud')}</li>
        <li>{t('linking.passkey.optionOtherNumber')}</li>
      </Typography>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {t('linking.passkey.note')}
      </Typography>
      <Typography variant="caption">{t('linking.passkey.docs')}</Typography>
    </Alert>
  );
}
