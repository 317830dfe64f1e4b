/** A MUI text field bound to react-hook-form, showing the spec §5 message of its field. */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFieldMessage } from './UserModal/UserFormFields';

export type FormTextFieldProps<TIn extends FieldValues, TOut> = Omit<TextFieldProps, 'name'> & {
  control: Control<TIn, unknown, TOut>;
  name: FieldPath<TIn>;
  /** data-testid of the input element (also its id, so the helper text is `${testId}-helper-text`). */
  testId: string;
};

export function FormTextField<TIn extends FieldValues, TOut = TIn>({
  control,
  name,
  testId,
  slotProps,
  ...props
}: FormTextFieldProps<TIn, TOut>) {
  const message = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          fullWidth
          size="small"
          {...props}
          {...field}
          value={field.value ?? ''}
          id={testId}
          error={!!fieldState.error}
          helperText={message(fieldState.error?.message) ?? props.helperText ?? ' '}
          slotProps={{ ...slotProps, htmlInput: { ...(slotProps?.htmlInput as object), 'data-testid': testId } }}
        />
      )}
    />
  );
}
