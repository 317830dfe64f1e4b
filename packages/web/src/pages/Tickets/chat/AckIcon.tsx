/** Delivery state of our messages (spec §4): 0 clock, 1 check, 2 double check, 3–4 blue double check; failed sends an error icon. */
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import type { MessageDTO } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';

const sx = { fontSize: 16, verticalAlign: 'middle' } as const;

export function AckIcon({ message }: { message: Pick<MessageDTO, 'ack' | 'sendState'> }) {
  const { t } = useTranslation();
  if (message.sendState === 'failed') {
    return <ErrorOutlineIcon color="error" sx={sx} titleAccess={t('tickets.chat.failed')} data-testid="ack-failed" />;
  }
  const ack = Math.max(0, Math.min(4, message.ack));
  const title = t(`tickets.chat.acks.${ack as 0 | 1 | 2 | 3 | 4}`);
  if (ack === 0) return <AccessTimeIcon sx={{ ...sx, color: 'text.disabled' }} titleAccess={title} data-testid="ack-0" />;
  if (ack === 1) return <DoneIcon sx={{ ...sx, color: 'text.disabled' }} titleAccess={title} data-testid="ack-1" />;
  return <DoneAllIcon sx={{ ...sx, color: ack >= 3 ? '#34B7F1' : 'text.disabled' }} titleAccess={title} data-testid={`ack-${ack}`} />;
}
