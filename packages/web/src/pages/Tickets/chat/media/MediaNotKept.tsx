/** Received media the server did not keep: too large for MEDIA_MAX_MB, or not downloadable. */
import ReportGmailerrorredOutlinedIcon from '@mui/icons-material/ReportGmailerrorredOutlined';
import Typography from '@mui/material/Typography';
import type { MessageDTO } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';

export function MediaNotKept({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const text =
    message.mediaError === 'ERR_MEDIA_TOO_LARGE'
      ? message.mediaName
        ? t('tickets.chat.mediaTooLarge', { name: message.mediaName })
        : t('tickets.chat.mediaTooLargeUnnamed')
      : t('tickets.chat.mediaNotDownloaded');
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ display: 'flex', gap: 0.5, alignItems: 'center', p: 1 }}
      data-testid="message-media-not-kept"
    >
      <ReportGmailerrorredOutlinedIcon fontSize="small" /> {text}
    </Typography>
  );
}
