/** A MUI text field bound to react-hook-form, showing the spec §5 message of its field. */
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ChangeEvent, ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { finishedTime, typedTime } from './timeText';
import { useFieldMessage } from './useFieldMessage';

/** Something beside the input that reads and sets the field's value, e.g. a colour picker. */
export interface FieldAdornment {
  position: 'start' | 'end';
  render(value: string, onChange: (value: string) => void): ReactNode;
}

export type FormTextFieldProps<TIn extends FieldValues, TOut> = Omit<TextFieldProps, 'name'> & {
  control: Control<TIn, unknown, TOut>;
  name: FieldPath<TIn>;
  /** data-testid of the input element (also its id, so the helper text is `${testId}-helper-text`). */
  testId: string;
  /**
   * Keep a blank helper line under the field so a message appearing does not shift the form.
   * Dense layouts (the connection form's hour grid) leave it out.
   */
  reserveHelperText?: boolean;
  adornment?: FieldAdornment;
  /**
   * A time of day (HH:mm): the native time input in English, a 24-hour text field in Portuguese
   * and Spanish (timeText.ts), whose readers do not use AM/PM.
   */
  time?: boolean;
};

export function FormTextField<TIn extends FieldValues, TOut = TIn>({
  control,
  name,
  testId,
  slotProps,
  reserveHelperText = true,
  adornment,
  time = false,
  ...props
}: FormTextFieldProps<TIn, TOut>) {
  const message = useFieldMessage();
  const { i18n } = useTranslation();
  const textTime = time && !i18n.language.startsWith('en');
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
          {...(time && { type: textTime ? 'text' : 'time', placeholder: textTime ? 'HH:mm' : undefined })}
          {...(textTime && {
            onChange: (e: ChangeEvent<HTMLInputElement>) => field.onChange(typedTime(e.target.value)),
            onBlur: () => {
              if (field.value) field.onChange(finishedTime(String(field.value)));
              field.onBlur();
            },
          })}
          value={field.value ?? ''}
          id={testId}
          error={!!fieldState.error}
          helperText={message(fieldState.error?.message) ?? props.helperText ?? (reserveHelperText ? ' ' : undefined)}
          slotProps={{
            ...slotProps,
            htmlInput: {
              ...(slotProps?.htmlInput as object),
              ...(textTime && { inputMode: 'numeric', maxLength: 5, step: undefined }),
              'data-testid': testId,
            },
            ...(time && { inputLabel: { shrink: true, ...(slotProps?.inputLabel as object) } }),
            ...(adornment && {
              input: {
                ...(slotProps?.input as object),
                [`${adornment.position}Adornment`]: (
                  <InputAdornment position={adornment.position}>{adornment.render(field.value ?? '', field.onChange)}</InputAdornment>
                ),
              },
            }),
          }}
        />
      )}
    />
  );
}
