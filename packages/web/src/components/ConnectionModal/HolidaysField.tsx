/** Days without service: pick a date to add it, click a chip's cross to remove it. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../DateField';
import { formatDateText, type DateOrder } from '../dateText';
import type { ConnectionControl } from './fields';

export function HolidaysField({ control }: { control: ConnectionControl }) {
  const { t } = useTranslation();
  const [day, setDay] = useState('');
  return (
    <Controller
      control={control}
      name="holidays"
      render={({ field }) => {
        const holidays = field.value ?? [];
        const add = () => {
          if (!day || holidays.includes(day)) return;
          field.onChange([...holidays, day].sort());
          setDay('');
        };
        return (
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              {t('connections.form.holidays')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
              <DateField value={day} onChange={setDay} testId="connection-holiday-date" ariaLabel={t('connections.form.holidayDate')} />
              <Button onClick={add} disabled={!day} data-testid="connection-holiday-add">
                {t('connections.form.addHoliday')}
              </Button>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="connection-holidays">
              {holidays.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('connections.form.noHolidays')}
                </Typography>
              )}
              {holidays.map((h) => (
                <Chip
                  key={h}
                  size="small"
                  label={formatDateText(h, t('dateField.order') as DateOrder)}
                  onDelete={() => field.onChange(holidays.filter((x) => x !== h))}
                />
              ))}
            </Box>
          </Box>
        );
      }}
    />
  );
}
