/** Asks for two values (a location's latitude and longitude, a contact card's name and number). */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface TwoFieldDialogProps {
  title: string;
  labels: [string, string];
  initial?: [string, string];
  testId: string;
  onSubmit: (first: string, second: string) => void;
  onClose: () => void;
}

export function TwoFieldDialog({ title, labels, initial = ['', ''], testId, onSubmit, onClose }: TwoFieldDialogProps) {
  const { t } = useTranslation();
  const [first, setFirst] = useState(initial[0]);
  const [second, setSecond] = useState(initial[1]);
  const ready = first.trim() !== '' && second.trim() !== '';
  return (
    <Dialog open onClose={onClose} data-testid={testId}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!ready) return;
          onSubmit(first.trim(), second.trim());
          onClose();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', gap: 2, pt: '8px !important' }}>
          <TextField size="small" label={labels[0]} value={first} onChange={(e) => setFirst(e.target.value)} autoFocus />
          <TextField size="small" label={labels[1]} value={second} onChange={(e) => setSecond(e.target.value)} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!ready} data-testid={`${testId}-submit`}>
            {t('simulator.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
