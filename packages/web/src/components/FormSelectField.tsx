/** A single select bound to react-hook-form, showing the spec §5 message of its field. */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldMessage } from './useFieldMessage';

export interface SelectOption {
  value: string | number;
  label: string;
}

export function FormSelectField<TIn extends FieldValues, TOut = TIn>({
  control,
  name,
  testId,
  label,
  options,
  emptyAsNull = false,
  reserveHelperText = true,
}: {
  control: Control<TIn, unknown, TOut>;
  name: FieldPath<TIn>;
  /** data-testid of the displayed value (also the field's id). */
  testId: string;
  label: string;
  options: SelectOption[];
  /** The `''` option ("none") is stored as null rather than as `''`. */
  emptyAsNull?: boolean;
  /** Keep a blank helper line under the field, as FormTextField does. */
  reserveHelperText?: boolean;
}) {
  const message = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          size="small"
          label={label}
          id={testId}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(emptyAsNull && e.target.value === '' ? null : e.target.value)}
          onBlur={field.onBlur}
          error={!!fieldState.error}
          helperText={message(fieldState.error?.message) ?? (reserveHelperText ? ' ' : undefined)}
          // The empty option ("None") must show as a value, so the label never sits on top of it.
          slotProps={{
            inputLabel: { shrink: true },
            select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': testId } as object },
          }}
        >
          {options.map((o) => (
            <MenuItem key={String(o.value)} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
