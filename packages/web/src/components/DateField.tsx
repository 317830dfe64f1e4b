/** A date field that reads and writes dates in the chosen language's order (see dateText). */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateText, parseDateText, type DateOrder } from './dateText';

interface DateFieldProps {
  /** ISO yyyy-MM-dd, or '' for no date. */
  value: string;
  /** Called with an ISO date, or '' while the text is empty or not a date yet. */
  onChange: (iso: string) => void;
  label?: string;
  testId: string;
  ariaLabel?: string;
  size?: TextFieldProps['size'];
  sx?: TextFieldProps['sx'];
}

export function DateField({ value, onChange, label, testId, ariaLabel, size = 'small', sx }: DateFieldProps) {
  const { t } = useTranslation();
  const order = t('dateField.order') as DateOrder;
  const [text, setText] = useState(() => formatDateText(value, order));

  // A value set from outside (or a language change) rewrites the text; a date being typed stays.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the typed text follows a value set from outside; deriving it in render would lose a date being typed
    setText((current) => (value ? formatDateText(value, order) : parseDateText(current, order) ? '' : current));
  }, [value, order]);

  const invalid = text.trim() !== '' && parseDateText(text, order) === null;
  return (
    <TextField
      size={size}
      sx={sx}
      label={label}
      value={text}
      placeholder={t('dateField.placeholder')}
      error={invalid}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseDateText(e.target.value, order) ?? '');
      }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId, 'aria-label': ariaLabel ?? label, inputMode: 'numeric' },
      }}
    />
  );
}
