/**
 * The simulated phone links a connection with a pairing code, as on WhatsApp ("Link with phone
 * number instead"): the number of this phone and the code the connection dialog showed for it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { simulatorEnterCodeBodySchema } from '@switchboard/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useEnterPairingCode } from '../../api/linking';
import { FormTextField } from '../../components/FormTextField';
import { useToast } from '../../components/Toasts';

type Input = z.input<typeof simulatorEnterCodeBodySchema>;

export function EnterPairingCode() {
  const { t } = useTranslation();
  const toast = useToast();
  const enter = useEnterPairingCode();
  const form = useForm<Input, unknown, z.output<typeof simulatorEnterCodeBodySchema>>({
    resolver: zodResolver(simulatorEnterCodeBodySchema),
    defaultValues: { number: '', code: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await enter.mutateAsync(values);
      toast.success(t('linking.simulator.linked', { number: result.number }));
      form.reset();
    } catch (err) {
      toast.error(err);
    }
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
      data-testid="simulator-enter-code"
    >
      <Typography variant="subtitle2">{t('linking.simulator.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('linking.simulator.hint')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <FormTextField
          control={form.control}
          name="number"
          testId="simulator-code-number"
          label={t('linking.simulator.number')}
          size="small"
        />
        <FormTextField
          control={form.control}
          name="code"
          testId="simulator-code"
          label={t('linking.simulator.code')}
          placeholder={t('linking.simulator.codePlaceholder')}
          size="small"
        />
        <Button
          type="submit"
          variant="contained"
          size="small"
          disabled={enter.isPending}
          data-testid="simulator-code-submit"
          sx={{ mt: '4px' }}
        >
          {t('linking.simulator.submit')}
        </Button>
      </Box>
    </Box>
  );
}
