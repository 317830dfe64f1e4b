/**
 * A web chat connection refusing new conversations because they arrive faster than its limit (a
 * flood of bots, usually): admins see it on the connection, with when it last happened.
 */
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ConnectionDTO } from '@switchboard/shared';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';

export function WebchatFloodNotice({ connection }: { connection: ConnectionDTO }) {
  const { t } = useTranslation();
  const at = connection.webchat?.floodedAt;
  if (!at) return null;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5 }} data-testid={`connection-flood-${connection.id}`}>
      <WarningAmberIcon color="warning" fontSize="small" />
      <Typography variant="caption" color="warning.main">
        {t('connections.webchatFlood', { time: format(new Date(at), 'HH:mm') })}
      </Typography>
    </Box>
  );
}
