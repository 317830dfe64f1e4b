/**
 * Add or edit a sector (spec §2 Sectors, §5): name, colour (palette or text), greeting (4 rows),
 * working hours (10-minute steps, 08:00–18:00 by default) and absence message (2 rows).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import { queueFormSchema, TIME_INPUT_STEP_SECONDS } from '@switchboard/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSaveSector, useSector } from '../../api/sectors';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { serverFieldErrors } from '../../components/serverFieldErrors';
import { submitDelay } from '../../components/submitDelay';
import { useToast } from '../../components/Toasts';
import { useCloseOnLoadError } from '../../components/useLoadError';
import { SectorColorField } from './SectorColorField';
import { emptySectorForm, sectorToForm, type SectorFormValues } from './sectorFormValues';

const FIELDS = ['name', 'color', 'greetingMessage', 'absenceMessage', 'startWork', 'endWork'] as const;
const timeSlots = { inputLabel: { shrink: true }, htmlInput: { step: TIME_INPUT_STEP_SECONDS } };

export function SectorModal({ queueId, onClose }: { queueId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const existing = useSector(queueId);
  const save = useSaveSector();
  const mode = queueId == null ? 'create' : 'edit';

  const { control, handleSubmit, reset, setError, formState } = useForm<SectorFormValues>({
    resolver: zodResolver(queueFormSchema),
    defaultValues: emptySectorForm(),
    mode: 'onTouched',
  });

  useEffect(() => {
    if (existing.data) reset(sectorToForm(existing.data));
  }, [existing.data, reset]);
  useCloseOnLoadError(existing.error, onClose);

  const onSubmit = handleSubmit(async (values) => {
    await submitDelay();
    try {
      await save.mutateAsync({ id: queueId ?? undefined, data: values });
      toast.success(t('queues.saved'));
      onClose();
    } catch (err) {
      for (const [field, message] of serverFieldErrors(err, FIELDS)) {
        setError(field as keyof SectorFormValues, { message });
      }
      toast.error(err);
    }
  });

  return (
    <FormDialog
      open
      title={mode === 'create' ? t('queues.modal.addTitle') : t('queues.modal.editTitle')}
      mode={mode}
      loading={mode === 'edit' && existing.isLoading}
      submitting={formState.isSubmitting}
      onSubmit={onSubmit}
      onClose={onClose}
      testId="queue-modal"
    >
      <Grid container spacing={1} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, sm: 7 }}>
          <FormTextField control={control} name="name" testId="queue-name" label={t('queues.modal.name')} autoFocus />
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <SectorColorField control={control} />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="greetingMessage"
            testId="queue-greeting"
            label={t('queues.modal.greeting')}
            multiline
            rows={4}
          />
        </Grid>
        <Grid size={6}>
          <FormTextField
            control={control}
            name="startWork"
            testId="queue-start"
            type="time"
            label={t('queues.modal.startWork')}
            slotProps={timeSlots}
          />
        </Grid>
        <Grid size={6}>
          <FormTextField
            control={control}
            name="endWork"
            testId="queue-end"
            type="time"
            label={t('queues.modal.endWork')}
            slotProps={timeSlots}
          />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="absenceMessage"
            testId="queue-absence"
            label={t('queues.modal.absence')}
            multiline
            rows={2}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
