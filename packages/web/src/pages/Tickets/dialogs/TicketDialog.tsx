import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of the tickets screen's small dialogs: title, the choices, Cancel and one action. */
export function TicketDialog({
  testId,
  title,
  actionLabel,
  actionTestId,
  actionDisabled,
  onAction,
  onClose,
  children,
}: {
  testId: string;
  title: string;
  actionLabel: string;
  actionTestId: string;
  actionDisabled: boolean;
  onAction: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid={testId}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={actionDisabled} onClick={onAction} data-testid={actionTestId}>
          {actionLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
