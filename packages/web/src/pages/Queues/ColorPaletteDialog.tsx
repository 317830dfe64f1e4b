/**
 * The sector colour palette (spec §2 Sectors): a dialog of named CSS colours. Names fit the sector
 * colour's 3–9 characters, so a picked colour is always a valid value.
 */
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

export const PALETTE_COLORS = [
  'red',
  'crimson',
  'firebrick',
  'tomato',
  'coral',
  'orangered',
  'orange',
  'gold',
  'goldenrod',
  'olive',
  'limegreen',
  'green',
  'seagreen',
  'teal',
  'darkcyan',
  'skyblue',
  'steelblue',
  'royalblue',
  'blue',
  'navy',
  'slateblue',
  'indigo',
  'purple',
  'orchid',
  'hotpink',
  'pink',
  'salmon',
  'sienna',
  'chocolate',
  'brown',
  'maroon',
  'gray',
] as const;

export function ColorPaletteDialog({
  open,
  selected,
  onPick,
  onClose,
}: {
  open: boolean;
  selected: string;
  onPick: (color: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} data-testid="color-palette">
      <DialogTitle>{t('queues.modal.pickColor')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(8, 36px)', gap: 1 }}>
          {PALETTE_COLORS.map((color) => (
            <Tooltip key={color} title={color}>
              <ButtonBase
                aria-label={color}
                data-testid={`palette-${color}`}
                onClick={() => onPick(color)}
                sx={{
                  width: 36,
                  height: 36,
                  borderRadius: '50%',
                  bgcolor: color,
                  outline: selected.toLowerCase() === color ? '3px solid' : 'none',
                  outlineColor: 'text.primary',
                  outlineOffset: 2,
                }}
              />
            </Tooltip>
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
