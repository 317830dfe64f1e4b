/**
 * Message options (spec §2 dialogs): reply to it; react to it and edit our own text where the
 * ticket's channel allows (the page's messageActions, from the server); delete it for everyone
 * when it is ours.
 */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { allowed, type MessageDTO, type MessagesPage } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessActorOf } from '../../../access/useAccess';
import { useDeleteMessage, useReactToMessage } from '../../../api/messages';
import { useAuth } from '../../../auth/AuthProvider';
import { ConfirmationModal } from '../../../components/ConfirmationModal';
import { useToast } from '../../../components/Toasts';
import { EditMessageDialog } from './EditMessageDialog';

export type MessageActions = NonNullable<MessagesPage['messageActions']>;

/** The reactions offered, as WhatsApp's quick row offers them. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

/** Whether `message` may take our reaction: a message the customer has (sent or received). */
function canReactTo(message: MessageDTO, actions: MessageActions | undefined): boolean {
  return !!actions?.react && !message.isPrivate && !message.isDeleted && (message.sendState === 'sent' || message.sendState === 'received');
}

/** Our sent text, by its author (or an admin), within the edit window: what the server accepts. */
export function canEditMessage(
  message: MessageDTO,
  actions: MessageActions | undefined,
  actor: Parameters<typeof allowed>[0],
  now = Date.now(),
): boolean {
  if (!actions?.edit || message.mediaType !== 'chat' || message.isDeleted || message.sendState !== 'sent') return false;
  if (now - new Date(message.createdAt).getTime() > actions.editWindowMinutes * 60_000) return false;
  return allowed(actor, 'message.edit', { fromMe: message.fromMe, isPrivate: message.isPrivate, authorId: message.userId });
}

export function MessageOptionsMenu({
  message,
  onReply,
  canReply,
  actions,
}: {
  message: MessageDTO;
  onReply: (m: MessageDTO) => void;
  canReply: boolean;
  actions?: MessageActions;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reactAnchor, setReactAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState(false);
  const remove = useDeleteMessage();
  const react = useReactToMessage();
  const { user } = useAuth();
  const actor = accessActorOf(user);
  const canReact = canReactTo(message, actions);
  const canEdit = canEditMessage(message, actions, actor);
  const ourReaction = message.reactions?.find((r) => r.fromMe)?.emoji;
  const sendReaction = (emoji: string) => {
    setReactAnchor(null);
    react.mutate({ id: message.id, emoji }, { onError: (err) => toast.error(err) });
  };
  // Our own messages; a private note only by its author or an admin (the access table's message.delete).
  const canDelete =
    message.fromMe && !message.isDeleted && allowed(actor, 'message.delete', { isPrivate: message.isPrivate, authorId: message.userId });
  if (!canReply && !canDelete && !canReact && !canEdit) return null;
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
        {canReact && (
          <MenuItem
            onClick={(e) => {
              setReactAnchor(e.currentTarget);
              setAnchor(null);
            }}
            data-testid="message-react"
          >
            {t('tickets.chat.react')}
          </MenuItem>
        )}
        {canEdit && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setEditing(true);
            }}
            data-testid="message-edit"
          >
            {t('tickets.chat.editMessage')}
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
      <Menu
        anchorEl={reactAnchor}
        open={reactAnchor != null}
        onClose={() => setReactAnchor(null)}
        slotProps={{ list: { sx: { display: 'flex', px: 0.5 } } }}
      >
        {QUICK_REACTIONS.map((emoji) => (
          <MenuItem
            key={emoji}
            selected={emoji === ourReaction}
            onClick={() => sendReaction(emoji === ourReaction ? '' : emoji)}
            aria-label={emoji === ourReaction ? t('tickets.chat.removeReaction') : t('tickets.chat.reactWith', { emoji })}
            data-testid={`react-${emoji}`}
            sx={{ fontSize: 20, px: 1, borderRadius: 4 }}
          >
            {emoji}
          </MenuItem>
        ))}
      </Menu>
      {editing && <EditMessageDialog message={message} onClose={() => setEditing(false)} />}
      <ConfirmationModal
        open={confirming}
        title={t('tickets.chat.deleteMessageConfirm')}
        onClose={() => setConfirming(false)}
        onConfirm={() => void remove.mutateAsync(message.id).catch((err) => toast.error(err))}
      />
    </>
  );
}
