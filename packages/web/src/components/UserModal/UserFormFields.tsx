/** Form controls of the user modal, bound to react-hook-form and showing spec §5 messages. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { QueueRef, UserFlag } from '@switchboard/shared';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserFormInput, UserFormOutput } from './userFormValues';

type FormControl = Control<UserFormInput, unknown, UserFormOutput>;

/** Validation messages are spec wording (English keys); translate when a translation exists. */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (message: string | undefined) => (message ? t(`validation.${message}`, { defaultValue: message }) : undefined);
}

type TextInputProps = Omit<TextFieldProps, 'name'> & {
  control: FormControl;
  name: FieldPath<UserFormInput>;
};

export function TextInput({ control, name, ...props }: TextInputProps) {
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
          id={`user-${name}`}
          fullWidth
          size="small"
          error={!!fieldState.error}
          helperText={message(fieldState.error?.message) ?? ' '}
          slotProps={{ ...props.slotProps, htmlInput: { ...(props.slotProps?.htmlInput as object), 'data-testid': `user-${name}` } }}
        />
      )}
    />
  );
}

interface Option {
  value: string | number;
  label: string;
}

export function SelectField({
  control,
  name,
  label,
  options,
}: {
  control: FormControl;
  name: FieldPath<UserFormInput>;
  label: string;
  options: Option[];
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
          id={`user-${name}`}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          error={!!fieldState.error}
          helperText={message(fieldState.error?.message) ?? ' '}
          // The empty option ("None") must show as a value, so the label never sits on top of it.
          slotProps={{
            inputLabel: { shrink: true },
            select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': `user-${name}` } as object },
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

export function FlagSelect({ control, name, label }: { control: FormControl; name: UserFlag; label: string }) {
  const { t } = useTranslation();
  return (
    <SelectField
      control={control}
      name={name}
      label={label}
      options={[
        { value: 'enabled', label: t('userModal.flagValues.enabled') },
        { value: 'desabled', label: t('userModal.flagValues.desabled') },
      ]}
    />
  );
}

export function QueuesSelect({ control, label, queues }: { control: FormControl; label: string; queues: QueueRef[] }) {
  return (
    <Controller
      control={control}
      name="queueIds"
      render={({ field }) => (
        <TextField
          select
          fullWidth
          size="small"
          label={label}
          id="user-queueIds"
          value={field.value ?? []}
          onChange={(e) => field.onChange(e.target.value as unknown as number[])}
          helperText=" "
          slotProps={{
            inputLabel: { shrink: true },
            select: {
              displayEmpty: true,
              multiple: true,
              renderValue: (selected) => (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {(selected as number[]).map((id) => {
                    const queue = queues.find((q) => q.id === id);
                    return (
                      <Chip
                        key={id}
                        size="small"
                        label={queue?.name ?? id}
                        sx={queue ? { bgcolor: queue.color, color: '#fff' } : undefined}
                      />
                    );
                  })}
                </Box>
              ),
            },
          }}
        >
          {queues.map((q) => (
            <MenuItem key={q.id} value={q.id}>
              {q.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
