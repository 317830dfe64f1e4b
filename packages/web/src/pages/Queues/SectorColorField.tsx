/** Sector colour: free text (any CSS colour, 3–9 characters) plus a swatch that opens the palette. */
import InputAdornment from '@mui/material/InputAdornment';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ColorDot } from '../../components/ColorDot';
import { useFieldMessage } from '../../components/UserModal/UserFormFields';
import { ColorPaletteDialog } from './ColorPaletteDialog';
import type { SectorFormValues } from './sectorFormValues';

export function SectorColorField({ control }: { control: Control<SectorFormValues> }) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const [paletteOpen, setPaletteOpen] = useState(false);
  return (
    <Controller
      control={control}
      name="color"
      render={({ field, fieldState }) => (
        <>
          <TextField
            {...field}
            fullWidth
            size="small"
            id="queue-color"
            label={t('queues.modal.color')}
            error={!!fieldState.error}
            helperText={message(fieldState.error?.message) ?? ' '}
            slotProps={{
              htmlInput: { 'data-testid': 'queue-color' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <IconButton
                      size="small"
                      edge="start"
                      aria-label={t('queues.modal.pickColor')}
                      onClick={() => setPaletteOpen(true)}
                      data-testid="queue-color-palette"
                    >
                      <ColorDot color={field.value || 'transparent'} />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <ColorPaletteDialog
            open={paletteOpen}
            selected={field.value ?? ''}
            onClose={() => setPaletteOpen(false)}
            onPick={(color) => {
              field.onChange(color);
              setPaletteOpen(false);
            }}
          />
        </>
      )}
    />
  );
}
