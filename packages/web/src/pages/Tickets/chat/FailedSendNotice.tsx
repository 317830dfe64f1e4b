/**
 * Under one of our messages that was not delivered: "Not delivered", why (the channel's refusal
 * code explained — WhatsApp's 463 and 479 in words — or the error), and a Retry action for those
 * who may reply in the ticket.
 */
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MessageDTO } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { useRetryMessage } from '../../../api/messages';
import { useToast } from '../../../components/Toasts';

/** Refusal codes with their own explanation; any other code gets the generic one, with the code. */
const EXPLAINED_CODES = ['463', '479'] as const;

export function FailedSendNotice({
  message,
  canRetry,
}: {
  message: Pick<MessageDTO, 'id' | 'sendError' | 'sendErrorCode'>;
  canRetry: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const retry = useRetryMessage();
  const code = message.sendErrorCode ?? null;
  const why = code
    ? (EXPLAINED_CODES as readonly string[]).includes(code)
      ? t(`tickets.chat.refusal.${code as (typeof EXPLAINED_CODES)[number]}`)
      : t('tickets.chat.refusal.other', { code })
    : message.sendError
      ? t(`errors.${message.sendError}`, { defaultValue: '' })
      : '';
  return (
    <Box
      data-testid="message-send-error"
      data-error={message.sendError ?? undefined}
      data-code={code ?? undefined}
      sx={{ mt: 0.5, maxWidth: 420 }}
    >
      <Typography variant="caption" color="error" sx={{ display: 'block', fontWeight: 600 }}>
        {t('tickets.chat.failed')}
        {code ? ` · ${t('tickets.chat.refusalCode', { code })}` : ''}
      </Typography>
      {why && (
        <Typography variant="caption" color="error" sx={{ display: 'block' }} data-testid="message-send-error-reason">
          {why}
        </Typography>
      )}
      {canRetry && (
        <Button
          size="small"
          color="error"
          startIcon={<ReplayIcon sx={{ fontSize: 16 }} />}
          disabled={retry.isPending}
          onClick={() => void retry.mutateAsync(message.id).catch((err: unknown) => toast.error(err))}
          sx={{ mt: 0.25, px: 0.5, minWidth: 0 }}
          data-testid="message-retry"
        >
          {t('tickets.chat.retry')}
        </Button>
      )}
    </Box>
  );
}
