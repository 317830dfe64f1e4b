/**
 * A customer message WhatsApp delivered but the server could not decrypt: WhatsApp asked the
 * customer's phone to send it again, and the resend replaces this in place. Styled apart from
 * text (italic, dashed outline, hourglass) so it is never read as an empty message.
 */
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function AwaitingResend() {
  const { t } = useTranslation();
  return (
    <Typography
      component="div"
      variant="body2"
      color="text.secondary"
      sx={{
        display: 'flex',
        gap: 0.5,
        alignItems: 'center',
        fontStyle: 'italic',
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 1,
        p: 1,
      }}
      data-testid="message-awaiting-resend"
    >
      <HourglassEmptyOutlinedIcon fontSize="small" /> {t('tickets.chat.awaitingResend')}
    </Typography>
  );
}
