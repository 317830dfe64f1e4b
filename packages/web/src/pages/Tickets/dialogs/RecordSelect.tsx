import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ColorDot } from '../../../components/ColorDot';

interface Choice {
  id: number;
  name: string;
  color?: string;
}

/** Pick a sector, connection, … by id; `''` is "nothing chosen". */
export function RecordSelect({
  label,
  testId,
  records,
  value,
  onChange,
  emptyLabel,
  showColor = false,
}: {
  label: string;
  /** data-testid of the select's input. */
  testId: string;
  records: Choice[];
  value: number | '';
  onChange: (value: number | '') => void;
  /** When given, a first option that chooses nothing (e.g. "keep the current one"). */
  emptyLabel?: string;
  /** Show each record's colour before its name (sectors). */
  showColor?: boolean;
}) {
  return (
    <TextField
      select
      fullWidth
      margin="dense"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {records.map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {showColor && r.color !== undefined ? (
            <>
              <ColorDot color={r.color} />
              &nbsp;{r.name}
            </>
          ) : (
            r.name
          )}
        </MenuItem>
      ))}
    </TextField>
  );
}
