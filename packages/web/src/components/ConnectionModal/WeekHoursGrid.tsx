/** One row per weekday: open or closed, opening hours and lunch break (time inputs, 10-minute step). */
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { TIME_INPUT_STEP_SECONDS, WEEKDAYS, type Weekday } from '@switchboard/shared';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dayTimeFields } from './connectionFormValues';
import { FormText, type ConnectionControl } from './fields';

const COLUMNS = ['start', 'end', 'lunchStart', 'lunchEnd'] as const;
const GRID = { display: 'grid', gridTemplateColumns: '110px 56px repeat(4, minmax(90px, 1fr))', gap: 1, alignItems: 'center' };

function DayRow({ control, day }: { control: ConnectionControl; day: Weekday }) {
  const { t } = useTranslation();
  const open = useWatch({ control, name: day });
  return (
    <Box sx={GRID} data-testid={`connection-day-${day}`}>
      <Typography variant="body2">{t(`connections.weekdays.${day}`)}</Typography>
      <Controller
        control={control}
        name={day}
        render={({ field }) => (
          <Switch
            size="small"
            checked={!!field.value}
            onChange={(e) => field.onChange(e.target.checked)}
            slotProps={{ input: { 'data-testid': `connection-${day}`, 'aria-label': t(`connections.weekdays.${day}`) } as object }}
          />
        )}
      />
      {dayTimeFields(day).map((name, i) => (
        <FormText
          key={name}
          control={control}
          name={name}
          time
          disabled={!open}
          slotProps={{
            htmlInput: {
              step: TIME_INPUT_STEP_SECONDS,
              'aria-label': `${t(`connections.weekdays.${day}`)} ${t(`connections.hours.${COLUMNS[i]}`)}`,
            },
          }}
        />
      ))}
    </Box>
  );
}

export function WeekHoursGrid({ control }: { control: ConnectionControl }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, overflowX: 'auto' }}>
      <Box sx={{ ...GRID, color: 'text.secondary' }}>
        <Typography variant="caption">{t('connections.hours.day')}</Typography>
        <Typography variant="caption">{t('connections.hours.open')}</Typography>
        {COLUMNS.map((c) => (
          <Typography key={c} variant="caption">
            {t(`connections.hours.${c}`)}
          </Typography>
        ))}
      </Box>
      {WEEKDAYS.map((day) => (
        <DayRow key={day} control={control} day={day} />
      ))}
    </Box>
  );
}
