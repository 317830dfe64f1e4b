/**
 * The session column (spec §4): OPENING shows a spinner with "connecting" disabled; qrcode opens the
 * QR dialog; CONNECTED, PAIRING and TIMEOUT offer disconnect; DISCONNECTED offers try again and a new
 * QR code. The results arrive as whatsappSession events, not in the responses. Disconnecting asks
 * first: it ends the paired session, and a real phone has to scan a new QR code to come back.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ConnectionDTO } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionAction } from '../../api/connectionsAdmin';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { normalizeStatus } from './ConnectionStatus';

export interface SessionActionsProps {
  connection: ConnectionDTO;
  busy: boolean;
  onAction: (action: SessionAction) => void;
  onShowQr: () => void;
}

export function SessionActions({ connection, busy, onAction, onShowQr }: SessionActionsProps) {
  const { t } = useTranslation();
  const id = connection.id;
  const status = normalizeStatus(connection.status);
  const [confirmingDisconnect, setConfirmingDisconnect] = useState(false);
  const button = (
    action: SessionAction,
    label: string,
    variant: 'contained' | 'outlined' = 'outlined',
    onClick = () => onAction(action),
  ) => (
    <Button size="small" variant={variant} disabled={busy} onClick={onClick} data-testid={`connection-${action}-${id}`}>
      {label}
    </Button>
  );

  switch (status) {
    case 'OPENING':
      return (
        <Button
          size="small"
          variant="outlined"
          disabled
          startIcon={<CircularProgress size={14} />}
          data-testid={`connection-opening-${id}`}
        >
          {t('connections.session.connecting')}
        </Button>
      );
    case 'qrcode':
      return (
        <Button size="small" variant="contained" onClick={onShowQr} data-testid={`connection-qr-${id}`}>
          {t('connections.session.qrcode')}
        </Button>
      );
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return (
        <>
          {button('disconnect', t('connections.session.disconnect'), 'outlined', () => setConfirmingDisconnect(true))}
          <ConfirmationModal
            open={confirmingDisconnect}
            title={t('connections.session.disconnectTitle', { name: connection.name })}
            onClose={() => setConfirmingDisconnect(false)}
            onConfirm={() => onAction('disconnect')}
          >
            {t('connections.session.disconnectText')}
          </ConfirmationModal>
        </>
      );
    case 'DISCONNECTED':
      return (
        <Box sx={{ display: 'inline-flex', gap: 1 }}>
          {button('retry', t('connections.session.retry'))}
          {/* A Cloud API connection has an account, and a website widget has no phone: neither has a QR code. */}
          {connection.channel !== 'whatsapp-cloud' &&
            connection.channel !== 'webchat' &&
            button('newQr', t('connections.session.newQr'), 'contained')}
        </Box>
      );
    default:
      return null;
  }
}
