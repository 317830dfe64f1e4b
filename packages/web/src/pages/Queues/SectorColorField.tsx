/** Sector colour: free text (any CSS colour, 3–9 characters) plus a swatch that opens the palette. */
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ColorDot } from '../../components/ColorDot';
import { FormTextField } from '../../components/FormTextField';
import { ColorPaletteDialog } from './ColorPaletteDialog';
import type { SectorFormValues } from './sectorFormValues';

function PaletteButton({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        size="small"
        edge="start"
        aria-label={t('queues.modal.pickColor')}
        onClick={() => setOpen(true)}
        data-testid="queue-color-palette"
      >
        <ColorDot color={value || 'transparent'} />
      </IconButton>
      <ColorPaletteDialog
        open={open}
        selected={value}
        onClose={() => setOpen(false)}
        onPick={(color) => {
          onChange(color);
          setOpen(false);
        }}
      />
    </>
  );
}

export function SectorColorField({ control }: { control: Control<SectorFormValues> }) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      name="color"
      testId="queue-color"
      label={t('queues.modal.color')}
      adornment={{ position: 'start', render: (value, onChange) => <PaletteButton value={value} onChange={onChange} /> }}
    />
  );
}
