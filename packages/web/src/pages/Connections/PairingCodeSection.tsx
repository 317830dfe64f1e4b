/**
 * Linking without the QR code: the admin enters the phone's number, the server asks the channel
 * for a pairing code bound to it, and the code is shown as WhatsApp shows it (ABCD-EFGH), to be
 * typed on that phone. Offered only on connections whose channel can do it (canPairByCode).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatPairingCode, pairingCodeRequestSchema, type PairingCodeRequest } from '@switchboard/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRequestPairingCode } from '../../api/linking';
import { FormTextField } from '../../components/FormTextField';
import { useToast } from '../../components/Toasts';

export function PairingCodeSection({ connectionId, simulated }: { connectionId: number; simulated: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const request = useRequestPairingCode(connectionId);
  const [code, setCode] = useState<string | null>(null);
  const form = useForm<PairingCodeRequest, unknown, { number: string }>({
    resolver: zodResolver(pairingCodeRequestSchema),
    defaultValues: { number: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      setCode((await request.mutateAsync(values)).code);
    } catch (err) {
      toast.error(err);
    }
  });

  return (
    <Box sx={{ width: '100%', maxWidth: 320, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="pairing-code-section">
      <Typography variant="subtitle2">{t('linking.code.title')}</Typography>
      {code ? (
        <>
          <Typography
            component="div"
            sx={{ fontFamily: 'monospace', fontSize: 32, letterSpacing: 4, textAlign: 'center', py: 1 }}
            data-testid="pairing-code"
          >
            {formatPairingCode(code)}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="pairing-code-hint">
            {simulated ? t('linking.code.simulatorHint') : t('linking.code.hint')}
          </Typography>
          <Button size="small" onClick={() => setCode(null)} data-testid="pairing-code-again">
            {t('linking.code.again')}
          </Button>
        </>
      ) : (
        <Box component="form" onSubmit={(e) => void submit(e)} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }} noValidate>
          <FormTextField
            control={form.control}
            name="number"
            testId="pairing-code-number"
            label={t('linking.code.number')}
            placeholder={t('linking.code.numberPlaceholder')}
            size="small"
            fullWidth
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={request.isPending}
            data-testid="pairing-code-submit"
            sx={{ whiteSpace: 'nowrap', mt: '2px' }}
          >
            {t('linking.code.get')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
