/**
 * One message (spec §2): ours on the right, the customer's on the left, at most 600 px wide; its
 * quote, content, time, ack, and the deleted markers ('Mensagem apagada pelo cliente' keeps the
 * text visible to staff, struck through).
 */
import BlockIcon from '@mui/icons-material/Block';
import LockIcon from '@mui/icons-material/Lock';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { BUBBLE_MAX_WIDTH_PX, type MessageDTO } from '@switchboard/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../ticketTime';
import { AckIcon } from './AckIcon';
import { FailedSendNotice } from './FailedSendNotice';
import { MessageContent } from './MessageContent';
import { MessageOptionsMenu, type MessageActions } from './MessageOptionsMenu';
import { MessageReactions } from './MessageReactions';
import { QuotedMessage } from './QuotedMessage';

export interface MessageBubbleProps {
  message: MessageDTO;
  contactName: string;
  /** Replying is possible only while the ticket is open. */
  canReply: boolean;
  onReply: (message: MessageDTO) => void;
  /** Group chats show who wrote each message. */
  showSender?: boolean;
  /** A message of an earlier ticket: shown for context, no actions. */
  readOnly?: boolean;
  /** The search result the reader jumped to. */
  highlighted?: boolean;
  /** What the ticket's channel lets the reader do to messages (react, edit), from the server. */
  messageActions?: MessageActions;
}

export const MessageBubble = memo(function MessageBubble({
  message,
  contactName,
  canReply,
  onReply,
  showSender,
  readOnly,
  highlighted,
  messageActions,
}: MessageBubbleProps) {
  const { t } = useTranslation();
  const mine = message.fromMe;
  const note = message.isPrivate;
  // Written by the server (greeting, bot menu, rating request, out-of-hours notice…), not by a person.
  const automatic = mine && !note && message.userId == null && message.sendState !== 'received';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start', px: 2, py: 0.375 }}>
      <Box
        data-testid={`message-${message.id}`}
        data-from-me={mine}
        data-ack={message.ack}
        data-deleted={message.isDeleted}
        data-private={note}
        data-automatic={automatic || undefined}
        data-highlighted={highlighted ? true : undefined}
        sx={{
          position: 'relative',
          maxWidth: `min(${BUBBLE_MAX_WIDTH_PX}px, 85%)`,
          minWidth: 90,
          px: 1.25,
          pt: 0.75,
          pb: 0.5,
          borderRadius: 2,
          boxShadow: 1,
          // Internal notes look nothing like a message to the customer: amber, dashed, labelled.
          bgcolor: (theme) =>
            note
              ? theme.palette.mode === 'dark'
                ? '#5c4a00'
                : '#fff3c4'
              : automatic
                ? theme.palette.mode === 'dark'
                  ? '#26364a'
                  : '#e4ecf7'
                : mine
                  ? theme.palette.mode === 'dark'
                    ? '#005c4b'
                    : '#dcf8c6'
                  : 'background.paper',
          border: note ? '1px dashed' : undefined,
          borderColor: note ? 'warning.main' : undefined,
          '&:hover .message-options': { opacity: 1 },
          outline: highlighted ? '2px solid' : undefined,
          outlineColor: highlighted ? 'primary.main' : undefined,
          outlineOffset: 2,
        }}
      >
        {!readOnly && (
          <MessageOptionsMenu
            message={message}
            onReply={onReply}
            canReply={canReply && !note}
            actions={note ? undefined : messageActions}
          />
        )}
        {note && (
          <Typography
            variant="caption"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600, color: 'warning.dark' }}
            data-testid="private-note-label"
          >
            <LockIcon sx={{ fontSize: 14 }} />
            {message.authorName ? t('tickets.chat.privateNoteBy', { name: message.authorName }) : t('tickets.chat.privateNote')}
          </Typography>
        )}
        {automatic && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
            data-testid="automatic-label"
          >
            <SmartToyOutlinedIcon sx={{ fontSize: 14 }} />
            {t('tickets.story.automatic')}
          </Typography>
        )}
        {showSender && !mine && message.contact && (
          <Typography variant="caption" color="primary" sx={{ fontWeight: 600, display: 'block' }}>
            {message.contact.name}
          </Typography>
        )}
        {message.quotedMsg && <QuotedMessage quoted={message.quotedMsg} contactName={contactName} />}
        {message.isDeleted && (
          <Typography
            variant="caption"
            color="error"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontStyle: 'italic' }}
            data-testid="message-deleted"
          >
            <BlockIcon sx={{ fontSize: 14 }} />
            {mine ? t('tickets.chat.deleted') : t('tickets.chat.customerDeleted')}
          </Typography>
        )}
        <Box sx={message.isDeleted ? { textDecoration: 'line-through', opacity: 0.7 } : undefined}>
          <MessageContent message={message} />
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5, mt: 0.25 }}>
          {message.isEdited && (
            // The text before the edit stays readable to staff (the history keeps it).
            <Tooltip title={message.originalBody ? t('tickets.chat.editedOriginal', { text: message.originalBody }) : ''}>
              <Typography
                variant="caption"
                color="text.secondary"
                data-testid="message-edited"
                data-original={message.originalBody ?? undefined}
              >
                {t('tickets.chat.edited')}
              </Typography>
            </Tooltip>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ fontSize: 11 }}>
            {formatClock(message.createdAt)}
          </Typography>
          {mine && !note && <AckIcon message={message} />}
        </Box>
        {mine && !note && message.sendState === 'failed' && (
          <FailedSendNotice message={message} canRetry={!readOnly && canReply && !message.isDeleted} />
        )}
      </Box>
      {message.reactions && <MessageReactions reactions={message.reactions} mine={mine} />}
    </Box>
  );
});
