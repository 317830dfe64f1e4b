/**
 * Add or edit a sector (spec §2 Sectors, §5): name, colour (palette or text), greeting (4 rows),
 * working hours (10-minute steps, 08:00–18:00 by default), absence message (2 rows), and
 * auto-assignment with its limit of open tickets per attendant (the limit only while it is on).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import { MAX_MENU_POSITION, MAX_OPEN_PER_ATTENDANT, queueFormSchema, TIME_INPUT_STEP_SECONDS } from '@switchboard/shared';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
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

const FIELDS = ['name', 'color', 'greetingMessage', 'absenceMessage', 'startWork', 'endWork', 'maxOpenPerAttendant', 'orderQueue'] as const;
const timeSlots = { inputLabel: { shrink: true }, htmlInput: { step: TIME_INPUT_STEP_SECONDS } };
const limitSlots = { htmlInput: { min: 1, max: MAX_OPEN_PER_ATTENDANT, step: 1 } };
const positionSlots = { htmlInput: { min: 1, max: MAX_MENU_POSITION, step: 1 } };

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

  const autoAssign = useWatch({ control, name: 'autoAssign' });

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
            time
            label={t('queues.modal.startWork')}
            slotProps={timeSlots}
          />
        </Grid>
        <Grid size={6}>
          <FormTextField control={control} name="endWork" testId="queue-end" time label={t('queues.modal.endWork')} slotProps={timeSlots} />
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
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="orderQueue"
            testId="queue-order"
            type="number"
            label={t('queues.modal.orderQueue')}
            helperText={t('queues.modal.orderQueueHelp')}
            slotProps={positionSlots}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="autoAssign"
            render={({ field }) => (
              <FormControlLabel
                label={t('queues.modal.autoAssign')}
                control={
                  <Switch
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                    slotProps={{ input: { 'data-testid': 'queue-autoAssign' } as object }}
                  />
                }
              />
            )}
          />
        </Grid>
        {autoAssign && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="maxOpenPerAttendant"
              testId="queue-maxOpen"
              type="number"
              label={t('queues.modal.maxOpenPerAttendant')}
              helperText={t('queues.modal.maxOpenHelp')}
              slotProps={limitSlots}
            />
          </Grid>
        )}
      </Grid>
    </FormDialog>
  );
}
