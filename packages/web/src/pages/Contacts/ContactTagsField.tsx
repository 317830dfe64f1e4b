/** The contact's tags: a multi-select over every tag (GET /tags/list), shown as coloured chips. */
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { TagRef } from '@switchboard/shared';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAllTags } from '../../api/tags';
import { ColorDot } from '../../components/ColorDot';
import type { ContactFormInput, ContactFormOutput } from './contactFormValues';

export function ContactTagsField({ control }: { control: Control<ContactFormInput, unknown, ContactFormOutput> }) {
  const { t } = useTranslation();
  const tags = useAllTags();
  const options: TagRef[] = (tags.data ?? []).map(({ id, name, color }) => ({ id, name, color }));
  return (
    <Controller
      control={control}
      name="tags"
      render={({ field }) => (
        <Autocomplete
          multiple
          size="small"
          options={options}
          loading={tags.isLoading}
          // The form holds the picked tags whole, so the chips can show their names and colours.
          value={(field.value ?? []) as TagRef[]}
          onChange={(_e, value) => field.onChange(value)}
          onBlur={field.onBlur}
          // Esc belongs to the picker (it closes its list); it must not reach the dialog, which
          // would close the whole form and lose the edits.
          onKeyDown={(e) => {
            if (e.key === 'Escape') e.stopPropagation();
          }}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterSelectedOptions
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props} data-testid={`tag-option-${option.id}`}>
              <ColorDot color={option.color} size={12} />
              <span style={{ marginLeft: 8 }}>{option.name}</span>
            </li>
          )}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...chipProps } = getItemProps({ index });
              return (
                <Chip
                  key={key}
                  {...chipProps}
                  size="small"
                  label={option.name}
                  sx={{ bgcolor: option.color, color: (theme) => theme.palette.getContrastText(option.color) }}
                />
              );
            })
          }
          renderInput={(params) => (
            <TextField {...params} label={t('contacts.modal.tags')} inputProps={{ ...params.inputProps, 'data-testid': 'contact-tags' }} />
          )}
        />
      )}
    />
  );
}
