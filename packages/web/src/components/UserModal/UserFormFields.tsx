/** Form controls of the user modal, bound to react-hook-form and showing spec §5 messages. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { QueueRef, UserFlag } from '@switchboard/shared';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField, type SelectOption } from '../FormSelectField';
import { FormTextField } from '../FormTextField';
import type { UserFormInput, UserFormOutput } from './userFormValues';

type FormControl = Control<UserFormInput, unknown, UserFormOutput>;

type TextInputProps = Omit<TextFieldProps, 'name'> & {
  control: FormControl;
  name: FieldPath<UserFormInput>;
  /** A time of day (FormTextField `time`). */
  time?: boolean;
};

export function TextInput({ name, ...props }: TextInputProps) {
  return <FormTextField {...props} name={name} testId={`user-${name}`} />;
}

export function SelectField({
  name,
  ...props
}: {
  control: FormControl;
  name: FieldPath<UserFormInput>;
  label: string;
  options: SelectOption[];
}) {
  return <FormSelectField {...props} name={name} testId={`user-${name}`} />;
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
          onChange={(e) => field.onChange(e.target.value)}
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
