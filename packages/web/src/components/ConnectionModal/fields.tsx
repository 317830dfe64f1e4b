/** Form controls of the connection modal, bound to react-hook-form; test ids are `connection-<field>`. */
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { FormSelectField, type SelectOption } from '../FormSelectField';
import { FormTextField } from '../FormTextField';
import type { ConnectionFormValues } from './connectionFormValues';

export type ConnectionControl = Control<ConnectionFormValues>;
type Name = FieldPath<ConnectionFormValues>;

type TextProps = Omit<TextFieldProps, 'name'> & { control: ConnectionControl; name: Name; time?: boolean };

/** The form is dense (an hour grid), so fields keep no blank helper line. */
export function FormText({ name, ...props }: TextProps) {
  return <FormTextField {...props} name={name} testId={`connection-${name}`} reserveHelperText={false} />;
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

/** A single select. `''` stands for "none" and is sent as null. */
export function FormSelect({ name, ...props }: { control: ConnectionControl; name: Name; label: string; options: SelectOption[] }) {
  return <FormSelectField {...props} name={name} testId={`connection-${name}`} emptyAsNull reserveHelperText={false} />;
}
