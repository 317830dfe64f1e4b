/** The automatic messages and the inactivity reminder (spec §3 Connection). */
import Grid from '@mui/material/Grid';
import { TIME_INACTIVE_OPTIONS_HOURS } from '@switchboard/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MESSAGE_FIELDS } from './connectionFormValues';
import { FormSelect, FormSwitch, FormText, type ConnectionControl } from './fields';

/** 0 is "disabled", fractions of an hour read as minutes (0.25 → 15 minutes). */
export function inactiveOptionLabel(t: TFunction, hours: number): string {
  if (hours === 0) return t('connections.form.inactiveDisabled');
  if (hours < 1) return t('connections.form.minutes', { count: Math.round(hours * 60) });
  return t('connections.form.hours', { count: hours });
}

export function MessagesSection({ control }: { control: ConnectionControl }) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      {MESSAGE_FIELDS.map((name) => (
        <Grid key={name} size={{ xs: 12, sm: 6 }}>
          <FormText control={control} name={name} label={t(`connections.form.${name}`)} multiline minRows={2} maxRows={6} />
        </Grid>
      ))}
      <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
        <FormSwitch control={control} name="sendInactiveMessage" label={t('connections.form.sendInactiveMessage')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormSelect
          control={control}
          name="timeInactiveMessage"
          label={t('connections.form.timeInactiveMessage')}
          options={TIME_INACTIVE_OPTIONS_HOURS.map((h) => ({ value: h, label: inactiveOptionLabel(t, h) }))}
        />
      </Grid>
    </Grid>
  );
}
