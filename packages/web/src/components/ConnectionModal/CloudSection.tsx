/**
 * The Meta account of a WhatsApp Cloud API connection. Secrets are write-only: when editing they
 * show empty, and an empty field keeps the saved value. The webhook URL to give Meta is shown
 * once the connection exists.
 */
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormText, type ConnectionControl } from './fields';

const SECRETS = ['accessToken', 'appSecret', 'verifyToken'] as const;

export function CloudSection({ control, creating, webhookPath }: { control: ConnectionControl; creating: boolean; webhookPath?: string }) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <Typography variant="body2" color="text.secondary">
          {t('cloud.form.help')}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormText control={control} name="cloud.phoneNumberId" label={t('cloud.form.phoneNumberId')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormText control={control} name="cloud.businessAccountId" label={t('cloud.form.businessAccountId')} />
      </Grid>
      {SECRETS.map((key) => (
        <Grid key={key} size={{ xs: 12, sm: key === 'accessToken' ? 12 : 6 }}>
          <FormText
            control={control}
            name={`cloud.${key}`}
            label={t(`cloud.form.${key}`)}
            type="password"
            autoComplete="new-password"
            placeholder={creating ? undefined : t('cloud.form.secretKept')}
            slotProps={{ inputLabel: { shrink: creating ? undefined : true } }}
          />
        </Grid>
      ))}
      {webhookPath && (
        <Grid size={12}>
          <TextField
            fullWidth
            size="small"
            label={t('cloud.form.webhookUrl')}
            value={`${window.location.origin}${webhookPath}`}
            slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'connection-cloud-webhook-url' } }}
          />
        </Grid>
      )}
    </Grid>
  );
}
