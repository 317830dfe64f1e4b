/** Days without service: pick a date to add it, click a chip's cross to remove it. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
              <TextField
                type="date"
                size="small"
                value={day}
                onChange={(e) => setDay(e.target.value)}
                slotProps={{ htmlInput: { 'data-testid': 'connection-holiday-date', 'aria-label': t('connections.form.holidayDate') } }}
              />
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
                  label={format(parseISO(h), 'dd/MM/yyyy')}
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
