/** The quoted message above a reply (in a bubble, or above the composer while replying). */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { QuotedMessageDTO } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { formatMessage } from './formatMessage';

export function QuotedMessage({ quoted, contactName }: { quoted: QuotedMessageDTO; contactName?: string }) {
  const { t } = useTranslation();
  // The quote reads like its bubble: *bold* and ~strike~ rendered, a media kind as a word.
  const preview =
    quoted.mediaType === 'call_log'
      ? t(quoted.body === 'video' ? 'preview.videoCall' : 'preview.voiceCall')
      : quoted.body
        ? formatMessage(quoted.body, 'quote')
        : quoted.mediaType !== 'chat'
          ? t(`preview.${quoted.mediaType}`)
          : '';
  return (
    <Box
      data-testid="quoted-message"
      sx={{
        borderLeft: 4,
        borderColor: quoted.fromMe ? 'primary.main' : 'success.main',
        bgcolor: 'action.hover',
        borderRadius: 1,
        px: 1,
        py: 0.5,
        mb: 0.5,
        overflow: 'hidden',
      }}
    >
      <Typography variant="caption" color={quoted.fromMe ? 'primary' : 'success.main'} sx={{ fontWeight: 600 }}>
        {quoted.fromMe ? t('tickets.you') : (contactName ?? '')}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="quoted-body"
        sx={{
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          whiteSpace: 'pre-wrap',
          textDecoration: quoted.isDeleted ? 'line-through' : 'none',
        }}
      >
        {preview}
      </Typography>
    </Box>
  );
}
