/**
 * One message on the customer's phone: the customer's own messages on the right (it is their phone),
 * the connection's on the left. The customer may react to any message, edit their own texts and
 * delete their own messages for everyone; reactions from both sides show under the bubble, and an
 * edited text says so.
 */
import AddReactionOutlinedIcon from '@mui/icons-material/AddReactionOutlined';
import BlockIcon from '@mui/icons-material/Block';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { TIME_FORMAT } from '@switchboard/shared';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerEdit, useCustomerReact, useRevokeMessage, type SimulatorMessage } from '../../api/simulator';
import { useToast } from '../../components/Toasts';
import { QUICK_REACTIONS } from '../Tickets/chat/MessageOptionsMenu';
import { AckTicks } from './AckTicks';
import { MessageContent } from './MessageContent';

export function MessageBubble({ message }: { message: SimulatorMessage }) {
  const { t } = useTranslation();
  const toast = useToast();
  const revoke = useRevokeMessage();
  const react = useCustomerReact();
  const edit = useCustomerEdit();
  const [reactAnchor, setReactAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const mine = message.sender === 'customer';
  const reactions = [message.connectionReaction, message.customerReaction].filter((r): r is string => !!r);

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (err) {
      toast.error(err);
    }
  };

  return (
    <Box
      sx={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '75%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: mine ? 'flex-end' : 'flex-start',
      }}
    >
      <Box
        sx={{
          px: 1.25,
          py: 0.75,
          borderRadius: 1.5,
          boxShadow: 1,
          bgcolor: (theme) => (mine ? (theme.palette.mode === 'dark' ? '#005c4b' : '#d9fdd3') : theme.palette.background.paper),
        }}
        data-testid={`simulator-message-${message.id}`}
        data-sender={message.sender}
      >
        {message.isDeleted ? (
          <Typography
            variant="body2"
            sx={{ fontStyle: 'italic', color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.5 }}
            data-testid="simulator-message-deleted"
          >
            <BlockIcon sx={{ fontSize: 16 }} />
            {t('simulator.deleted')}
          </Typography>
        ) : (
          <MessageContent message={message} />
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, mt: 0.25 }}>
          {!message.isDeleted && (
            <Tooltip title={t('simulator.react')}>
              <IconButton
                size="small"
                onClick={(e) => setReactAnchor(e.currentTarget)}
                sx={{ p: 0.25 }}
                data-testid={`simulator-react-${message.id}`}
              >
                <AddReactionOutlinedIcon sx={{ fontSize: 16 }} />
              </IconButton>
            </Tooltip>
          )}
          {mine && !message.isDeleted && message.type === 'text' && (
            <Tooltip title={t('simulator.edit')}>
              <IconButton
                size="small"
                onClick={() => setEditing(message.body ?? '')}
                sx={{ p: 0.25 }}
                data-testid={`simulator-edit-${message.id}`}
              >
                <EditOutlinedIcon sx={{ fontSize: 16 }} />
              </IconButton>
            </Tooltip>
          )}
          {mine && !message.isDeleted && (
            <Tooltip title={t('simulator.revoke')}>
              <IconButton
                size="small"
                onClick={() => void run(() => revoke.mutateAsync(message.id))}
                sx={{ p: 0.25 }}
                data-testid={`simulator-revoke-${message.id}`}
              >
                <DeleteOutlineIcon sx={{ fontSize: 16 }} />
              </IconButton>
            </Tooltip>
          )}
          {message.isEdited && (
            <Typography variant="caption" color="text.secondary" data-testid="simulator-message-edited">
              {t('simulator.edited')}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {format(parseISO(message.createdAt), TIME_FORMAT)}
          </Typography>
          <AckTicks ack={message.ack} />
        </Box>
      </Box>
      {reactions.length > 0 && (
        <Box sx={{ display: 'flex', gap: 0.5, mt: -0.5 }} data-testid="simulator-reactions">
          {reactions.map((emoji, i) => (
            <Box key={i} component="span" sx={{ px: 0.75, fontSize: 15, borderRadius: 4, bgcolor: 'background.paper', boxShadow: 1 }}>
              {emoji}
            </Box>
          ))}
        </Box>
      )}
      <Menu
        anchorEl={reactAnchor}
        open={reactAnchor != null}
        onClose={() => setReactAnchor(null)}
        slotProps={{ list: { sx: { display: 'flex', px: 0.5 } } }}
      >
        {QUICK_REACTIONS.map((emoji) => (
          <MenuItem
            key={emoji}
            selected={emoji === message.customerReaction}
            data-testid={`simulator-react-with-${emoji}`}
            sx={{ fontSize: 20, px: 1 }}
            onClick={() => {
              setReactAnchor(null);
              // Choosing the reaction already there takes it away, as on the phone.
              void run(() => react.mutateAsync({ id: message.id, emoji: emoji === message.customerReaction ? '' : emoji }));
            }}
          >
            {emoji}
          </MenuItem>
        ))}
      </Menu>
      {editing !== null && (
        <Dialog open onClose={() => setEditing(null)} fullWidth maxWidth="xs">
          <DialogTitle>{t('simulator.editTitle')}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              multiline
              margin="dense"
              value={editing}
              onChange={(e) => setEditing(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'simulator-edit-input' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
            <Button
              variant="contained"
              disabled={!editing.trim() || editing.trim() === message.body}
              data-testid="simulator-edit-save"
              onClick={() => {
                const body = editing.trim();
                setEditing(null);
                void run(() => edit.mutateAsync({ id: message.id, body }));
              }}
            >
              {t('common.save')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
