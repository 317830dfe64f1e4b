/**
 * Tag colour: a text field holding '#' + hex and a native colour picker next to it. The native
 * picker has no alpha channel, which is what the tag colour allows (spec §2 Tags).
 */
import Box from '@mui/material/Box';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/FormTextField';
import type { TagFormInput, TagFormOutput } from './tagFormValues';

/** The picker only understands '#rrggbb': expand '#rgb', fall back to black for anything else. */
export function pickerValue(text: string): string {
  const hex = text.trim().replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{6}$/.test(hex)) return `#${hex}`;
  if (/^[0-9a-f]{3}$/.test(hex)) return `#${[...hex].map((c) => c + c).join('')}`;
  return '#000000';
}

export function ColorField({ control }: { control: Control<TagFormInput, unknown, TagFormOutput> }) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      name="color"
      testId="tag-color"
      label={t('tags.modal.color')}
      adornment={{
        position: 'end',
        render: (value, onChange) => (
          <Box
            component="input"
            type="color"
            aria-label={t('tags.modal.pickColor')}
            data-testid="tag-color-picker"
            value={pickerValue(value)}
            onChange={(e) => onChange(e.target.value)}
            sx={{ width: 36, height: 28, p: 0, border: 'none', bgcolor: 'transparent', cursor: 'pointer' }}
          />
        ),
      }}
    />
  );
}
