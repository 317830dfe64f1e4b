/**
 * Administrators see a banner while a connection's refused sends or reconnects in the last hour
 * reach the configured threshold (CHANNEL_HEALTH_ALERT_REFUSALS / _RECONNECTS): in production the
 * first sign that WhatsApp changed something or is limiting the number.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConnections } from '../api/connections';
import { useChannelHealth } from '../api/linking';
import { useAllowed } from '../access/useAccess';

export function ChannelHealthBanner() {
  const { t } = useTranslation();
  const admin = useAllowed('connection.health');
  const health = useChannelHealth(admin);
  const connections = useConnections(admin);
  const alerting = (health.data?.connections ?? []).filter((c) => c.alert);
  if (!admin || alerting.length === 0) return null;
  const names = alerting.map((c) => connections.data?.find((x) => x.id === c.connectionId)?.name ?? `#${c.connectionId}`);
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      data-testid="channel-health-banner"
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/connections">
          {t('linking.health.open')}
        </Button>
      }
    >
      {t('linking.health.banner', {
        names: names.join(', '),
        refusals: health.data!.thresholds.refusals,
        reconnects: health.data!.thresholds.reconnects,
      })}
    </Alert>
  );
}
