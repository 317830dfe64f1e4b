/** The status column: an icon and a label per connection status (spec §4 Connection status). */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CropFreeIcon from '@mui/icons-material/CropFree';
import SignalCellularConnectedNoInternet0BarIcon from '@mui/icons-material/SignalCellularConnectedNoInternet0Bar';
import SignalCellularConnectedNoInternet2BarIcon from '@mui/icons-material/SignalCellularConnectedNoInternet2Bar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSKEY_REQUIRED, PasskeyNotice } from './PasskeyNotice';

const ICONS: Record<string, ReactElement> = {
  CONNECTED: <CheckCircleIcon color="success" fontSize="small" />,
  qrcode: <CropFreeIcon color="primary" fontSize="small" />,
  PAIRING: <SignalCellularConnectedNoInternet2BarIcon color="warning" fontSize="small" />,
  TIMEOUT: <SignalCellularConnectedNoInternet2BarIcon color="warning" fontSize="small" />,
  DISCONNECTED: <SignalCellularConnectedNoInternet0BarIcon color="error" fontSize="small" />,
  OPENING: <CircularProgress size={16} />,
};

/** Reasons a session stops for, each with a text saying what to do (channels/whatsapp/close-policy.ts). */
const REASONS = [
  'logged-out',
  'multidevice-mismatch',
  'banned',
  'bad-session',
  'outdated-client',
  'replaced',
  'qr-timeout',
  'cloud-auth',
  'cloud-not-configured',
  'cloud-unreachable',
  'start-failed',
] as const;
const isKnownReason = (reason: string | undefined): reason is (typeof REASONS)[number] =>
  (REASONS as readonly string[]).includes(reason ?? '');

/** The spec also writes CONNECTED as "connected". */
export function normalizeStatus(status: string): string {
  return status.toLowerCase() === 'connected' ? 'CONNECTED' : status;
}

/**
 * `awaitingPairing`: an imported connection, kept stopped until an admin starts or pairs it (its
 * old install may still use the phone) — said whatever the status, which stays as imported.
 */
export function ConnectionStatus({
  status,
  reason,
  awaitingPairing = false,
}: {
  status: string;
  reason?: string;
  awaitingPairing?: boolean;
}) {
  const { t } = useTranslation();
  const s = normalizeStatus(status);
  return (
    <Box>
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }} data-testid="connection-status" data-status={s}>
        {ICONS[s] ?? null}
        <Typography variant="body2">{t(`connections.statuses.${s}`, { defaultValue: s })}</Typography>
      </Box>
      {awaitingPairing && (
        <Typography variant="caption" color="warning.main" display="block" data-testid="connection-awaiting-pairing">
          {t('connections.awaitingPairing')}
        </Typography>
      )}
      {s === 'DISCONNECTED' && isKnownReason(reason) && (
        <Typography variant="caption" color="text.secondary" display="block" data-testid="connection-status-reason" data-reason={reason}>
          {t(`connections.reasons.${reason}`)}
        </Typography>
      )}
      {s === 'DISCONNECTED' && reason === PASSKEY_REQUIRED && <PasskeyNotice />}
    </Box>
  );
}
