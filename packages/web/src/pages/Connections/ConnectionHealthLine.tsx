/**
 * A connection's last hour under its status: sends WhatsApp refused (with their codes), messages
 * that could not be decrypted, reconnects, rate limits, and the last close reason. A connection
 * with nothing to report shows nothing.
 */
import Typography from '@mui/material/Typography';
import type { ConnectionHealthDTO } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';

export function ConnectionHealthLine({ health }: { health: ConnectionHealthDTO | undefined }) {
  const { t } = useTranslation();
  if (!health) return null;
  const codes = Object.entries(health.refusedByCode)
    .map(([code, n]) => `${code} ×${n}`)
    .join(', ');
  const parts = [
    health.refused ? t('linking.health.refused', { count: health.refused, codes }) : '',
    health.undecryptable ? t('linking.health.undecryptable', { count: health.undecryptable }) : '',
    health.reconnects ? t('linking.health.reconnects', { count: health.reconnects }) : '',
    health.rateLimited ? t('linking.health.rateLimited', { count: health.rateLimited }) : '',
  ].filter(Boolean);
  if (parts.length === 0 && !health.lastCloseReason) return null;
  return (
    <Typography
      variant="caption"
      display="block"
      color={health.alert ? 'error' : 'text.secondary'}
      data-testid={`connection-health-${health.connectionId}`}
      data-alert={health.alert}
    >
      {parts.length > 0 && `${t('linking.health.lastHour')}: ${parts.join(' · ')}`}
      {health.lastCloseReason && (
        <span style={{ display: 'block' }} data-testid={`connection-last-close-${health.connectionId}`}>
          {t('linking.health.lastClose', { reason: health.lastCloseReason })}
        </span>
      )}
    </Typography>
  );
}
