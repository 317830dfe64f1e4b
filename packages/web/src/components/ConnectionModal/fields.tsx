/** Form controls of the connection modal, bound to react-hook-form; test ids are `connection-<field>`. */
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionFormValues } from './connectionFormValues';

export type ConnectionControl = Control<ConnectionFormValues>;
type Name = FieldPath<ConnectionFormValues>;

/** Validation messages are spec wording (English keys); translate when a translation exists. */
function useFieldMessage() {
  const { t } = useTranslation();
  return (message: string | undefined) => (message ? t(`validation.${message}`, { defaultValue: message }) : undefined);
}

type TextProps = Omit<TextFieldProps, 'name'> & { control: ConnectionControl; name: Name };

export function FormText({ control, name, ...props }: TextProps) {
  const message = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...field}
          value={field.value ?? ''}
          id={`connection-${name}`}
          fullWidth
          size="small"
          error={!!fieldState.error}
          helperText={message(fieldState.error?.message) ?? props.helperText}
          slotProps={{
            ...props.slotProps,
            htmlInput: { ...(props.slotProps?.htmlInput as object), 'data-testid': `connection-${name}` },
          }}
        />
      )}
    />
  );
}

export function FormSwitch({ control, name, label }: { control: ConnectionControl; name: Name; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Switch
              checked={!!field.value}
              onChange={(e) => field.onChange(e.target.checked)}
              slotProps={{ input: { 'data-testid': `connection-${name}` } as object }}
            />
          }
        />
      )}
    />
  );
}

export interface Option {
  value: string | number;
  label: string;
}

/** A single select. `''` stands for "none" and is sent as null. */
export function FormSelect({ control, name, label, options }: { control: ConnectionControl; name: Name; label: string; options: Option[] }) {
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
          id={`connection-${name}`}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
          onBlur={field.onBlur}
          error={!!fieldState.error}
          helperText={message(fieldState.error?.message)}
          slotProps={{
            inputLabel: { shrink: true },
            select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': `connection-${name}` } as object },
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
