/**
 * One message on the customer's phone: the customer's own messages on the right (it is their phone),
 * the connection's on the left. The customer may delete their own messages for everyone.
 */
import BlockIcon from '@mui/icons-material/Block';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { TIME_FORMAT } from '@switchboard/shared';
import { format, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { useRevokeMessage, type SimulatorMessage } from '../../api/simulator';
import { useToast } from '../../components/Toasts';
import { AckTicks } from './AckTicks';
import { MessageContent } from './MessageContent';

export function MessageBubble({ message }: { message: SimulatorMessage }) {
  const { t } = useTranslation();
  const toast = useToast();
  const revoke = useRevokeMessage();
  const mine = message.sender === 'customer';

  const onRevoke = async () => {
    try {
      await revoke.mutateAsync(message.id);
    } catch (err) {
      toast.error(err);
    }
  };

  return (
    <Box
      sx={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '75%',
        px: 1.25,
        py: 0.75,
        borderRadius: 1.5,
        boxShadow: 1,
        bgcolor: (theme) =>
          mine ? (theme.palette.mode === 'dark' ? '#005c4b' : '#d9fdd3') : theme.palette.background.paper,
      }}
      data-testid={`simulator-message-${message.id}`}
      data-sender={message.sender}
    >
      {message.isDeleted ? (
        <Typography variant="body2" sx={{ fontStyle: 'italic', color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="simulator-message-deleted">
          <BlockIcon sx={{ fontSize: 16 }} />
          {t('simulator.deleted')}
        </Typography>
      ) : (
        <MessageContent message={message} />
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, mt: 0.25 }}>
        {mine && !message.isDeleted && (
          <Tooltip title={t('simulator.revoke')}>
            <IconButton size="small" onClick={() => void onRevoke()} sx={{ p: 0.25 }} data-testid={`simulator-revoke-${message.id}`}>
              <DeleteOutlineIcon sx={{ fontSize: 16 }} />
            </IconButton>
          </Tooltip>
        )}
        <Typography variant="caption" color="text.secondary">
          {format(parseISO(message.createdAt), TIME_FORMAT)}
        </Typography>
        <AckTicks ack={message.ack} />
      </Box>
    </Box>
  );
}
