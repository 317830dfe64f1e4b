/** One pending QR code: its connection, the code itself, an optional phone number and "Scan". */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScanQr, type PendingQr } from '../../api/simulator';
import { useToast } from '../../components/Toasts';

export function PendingQrItem({ pending, name }: { pending: PendingQr; name: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const scan = useScanQr();
  const [number, setNumber] = useState('');
  const id = pending.connectionId;

  const onScan = async () => {
    try {
      const result = await scan.mutateAsync({ qrcode: pending.qrcode, number: number.trim() || undefined });
      toast.success(t('simulator.scanned', { name, number: result.number }));
    } catch (err) {
      toast.error(err);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }} data-testid={`simulator-pending-${id}`}>
      <Box sx={{ p: 0.5, bgcolor: '#fff', borderRadius: 0.5, lineHeight: 0 }}>
        <QRCodeSVG value={pending.qrcode} size={72} marginSize={0} />
      </Box>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="body2" fontWeight={600}>
          {name}
        </Typography>
        <TextField
          size="small"
          label={t('simulator.phoneNumber')}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'tel', 'data-testid': `simulator-scan-number-${id}` } }}
        />
        <Button
          variant="contained"
          size="small"
          onClick={() => void onScan()}
          disabled={scan.isPending}
          data-testid={`simulator-scan-${id}`}
        >
          {t('simulator.scan')}
        </Button>
      </Box>
    </Box>
  );
}
