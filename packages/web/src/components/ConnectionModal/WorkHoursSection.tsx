/** The defineWorkHours switch; when on, the per-weekday grid and the holidays appear. */
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSwitch, type ConnectionControl } from './fields';
import { HolidaysField } from './HolidaysField';
import { WeekHoursGrid } from './WeekHoursGrid';

export function WorkHoursSection({ control }: { control: ConnectionControl }) {
  const { t } = useTranslation();
  const defineWorkHours = useWatch({ control, name: 'defineWorkHours' });
  return (
    <Box>
      <FormSwitch control={control} name="defineWorkHours" label={t('connections.form.defineWorkHours')} />
      {defineWorkHours && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 1 }} data-testid="connection-work-hours">
          <WeekHoursGrid control={control} />
          <HolidaysField control={control} />
        </Box>
      )}
    </Box>
  );
}
