/** Message options (spec §2 dialogs): reply to it; delete it for everyone when it is ours. */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { allowed, type MessageDTO } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessActorOf } from '../../../access/useAccess';
import { useDeleteMessage } from '../../../api/messages';
import { useAuth } from '../../../auth/AuthProvider';
import { ConfirmationModal } from '../../../components/ConfirmationModal';
import { useToast } from '../../../components/Toasts';

export function MessageOptionsMenu({ message, onReply, canReply }: { message: MessageDTO; onReply: (m: MessageDTO) => void; canReply: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMessage();
  const { user } = useAuth();
  // Our own messages; a private note only by its author or an admin (the access table's message.delete).
  const canDelete =
    message.fromMe && !message.isDeleted && allowed(accessActorOf(user), 'message.delete', { isPrivate: message.isPrivate, authorId: message.userId });
  if (!canReply && !canDelete) return null;
  return (
    <>
      <IconButton
        size="small"
        className="message-options"
        aria-label={t('tickets.chat.messageOptions')}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="message-options"
        sx={{ position: 'absolute', top: 0, right: 0, p: 0.25, opacity: 0, transition: 'opacity .15s' }}
      >
        <ExpandMoreIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor != null} onClose={() => setAnchor(null)}>
        {canReply && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onReply(message);
            }}
            data-testid="message-reply"
          >
            {t('tickets.chat.reply')}
          </MenuItem>
        )}
        {canDelete && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setConfirming(true);
            }}
            data-testid="message-delete"
          >
            {t('tickets.chat.deleteMessage')}
          </MenuItem>
        )}
      </Menu>
      <ConfirmationModal
        open={confirming}
        title={t('tickets.chat.deleteMessageConfirm')}
        onClose={() => setConfirming(false)}
        onConfirm={() => void remove.mutateAsync(message.id).catch((err) => toast.error(err))}
      />
    </>
  );
}
