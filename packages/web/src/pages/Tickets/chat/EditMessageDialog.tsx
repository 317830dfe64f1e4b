/** Editing one of our sent texts: the new text goes to the customer, who sees it marked edited. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { editMessageSchema, MESSAGE_EDIT_WINDOW_MINUTES, type MessageDTO } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditMessage } from '../../../api/messages';
import { useToast } from '../../../components/Toasts';

export function EditMessageDialog({ message, onClose }: { message: MessageDTO; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const edit = useEditMessage();
  const [body, setBody] = useState(message.body);
  // The route's own schema: an empty text is refused here as it would be there.
  const valid = editMessageSchema.safeParse({ body }).success && body.trim() !== message.body;
  const save = async () => {
    try {
      await edit.mutateAsync({ id: message.id, body: body.trim() });
      onClose();
    } catch (err) {
      toast.error(err);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('tickets.chat.editMessageTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          helperText={t('tickets.chat.editMessageHint', { minutes: MESSAGE_EDIT_WINDOW_MINUTES })}
          slotProps={{ htmlInput: { 'data-testid': 'edit-message-input' } }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && valid) {
              e.preventDefault();
              void save();
            }
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!valid || edit.isPending} onClick={() => void save()} data-testid="edit-message-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
