import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The frame of an add/edit modal: title, form body, Cancel and Add/Save. `testId` names the dialog
 * and, suffixed, its buttons (`${testId}-submit`, `${testId}-cancel`).
 */
export function FormDialog({
  open,
  title,
  mode,
  loading = false,
  submitting,
  onSubmit,
  onClose,
  testId,
  maxWidth = 'sm',
  children,
}: {
  open: boolean;
  title: string;
  mode: 'create' | 'edit';
  /** The record of an edit is still loading: nothing to show or submit yet. */
  loading?: boolean;
  submitting: boolean;
  /** The form's submit handler (react-hook-form's handleSubmit result, which returns a promise). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  onClose: () => void;
  testId: string;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={submitting ? undefined : onClose} maxWidth={maxWidth} fullWidth scroll="paper" data-testid={testId}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent dividers>
          {loading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
              <CircularProgress />
            </Box>
          ) : (
            children
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting} data-testid={`${testId}-cancel`}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting || loading}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid={`${testId}-submit`}
          >
            {mode === 'create' ? t('common.add') : t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
