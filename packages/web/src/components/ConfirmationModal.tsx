import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmationModalProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" before destructive actions. */
export function ConfirmationModal({ open, title, children, onConfirm, onClose }: ConfirmationModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} data-testid="confirmation-modal">
      <DialogTitle>{title}</DialogTitle>
      {children && (
        <DialogContent dividers>
          <Typography>{children}</Typography>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} data-testid="confirmation-cancel">
          {t('common.no')}
        </Button>
        <Button
          variant="contained"
          color="error"
          data-testid="confirmation-confirm"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {t('common.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
