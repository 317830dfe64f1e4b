/**
 * The QR code of one connection (spec §2, §4). It reads the connection from the live-updated cache:
 * "Waiting for QR Code" until a code arrives, a new code replaces the old one, and once a code has
 * been shown an empty one means the phone paired — the dialog then closes by itself.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConnectionList } from '../../api/connectionsAdmin';
import { PairingCodeSection } from './PairingCodeSection';

export function QrCodeDialog({ connectionId, onClose }: { connectionId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useConnectionList();
  const connection = data?.find((c) => c.id === connectionId);
  const qrcode = connection?.qrcode ?? '';
  const simulated = connection?.channel === 'simulator';
  const shownQr = useRef(false);

  useEffect(() => {
    if (qrcode) shownQr.current = true;
    else if (shownQr.current) onClose();
  }, [qrcode, onClose]);

  return (
    <Dialog open onClose={onClose} data-testid="qr-dialog">
      <DialogTitle>{connection ? t('connections.qr.titleOf', { name: connection.name }) : t('connections.qr.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, minWidth: 320 }}>
        {qrcode ? (
          <Box sx={{ p: 2, bgcolor: '#fff', borderRadius: 1 }} data-testid="qr-code">
            {/* White quiet zone even in dark mode: phones need contrast to read it. */}
            <QRCodeSVG value={qrcode} size={256} marginSize={0} title={t('connections.qr.title')} />
          </Box>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6 }} data-testid="qr-waiting">
            <CircularProgress size={24} />
            <Typography>{t('connections.qr.waiting')}</Typography>
          </Box>
        )}
        {qrcode && (
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 300, textAlign: 'center' }} data-testid="qr-hint">
            {simulated ? t('connections.qr.simulatorHint') : t('connections.qr.hint')}
          </Typography>
        )}
        {qrcode && connection?.canPairByCode && (
          <>
            <Divider flexItem>{t('linking.code.or')}</Divider>
            <PairingCodeSection connectionId={connectionId} simulated={simulated} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        {simulated && (
          // The simulated phone that pairs this connection lives on the Simulator page.
          <Button component={RouterLink} to="/simulator" variant="contained" data-testid="qr-open-simulator">
            {t('connections.qr.openSimulator')}
          </Button>
        )}
        <Button onClick={onClose} data-testid="qr-dialog-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
