/** The sector multi-select of the list pane: which of the user's sectors the lists show. */
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { QueueRef } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';

export function SectorFilter({
  sectors,
  selected,
  onChange,
}: {
  sectors: QueueRef[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  if (sectors.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label={t('tickets.sectors')}
      value={selected}
      sx={{ minWidth: 130, maxWidth: 180 }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (ids) =>
            (ids as number[])
              .map((id) => sectors.find((s) => s.id === id)?.name)
              .filter(Boolean)
              .join(', '),
        },
        htmlInput: { 'data-testid': 'sector-filter' },
      }}
      onChange={(e) => onChange(e.target.value as unknown as number[])}
    >
      {sectors.map((s) => (
        <MenuItem key={s.id} value={s.id} dense>
          <Checkbox size="small" checked={selected.includes(s.id)} sx={{ color: s.color, '&.Mui-checked': { color: s.color } }} />
          <ListItemText primary={s.name} />
        </MenuItem>
      ))}
    </TextField>
  );
}
