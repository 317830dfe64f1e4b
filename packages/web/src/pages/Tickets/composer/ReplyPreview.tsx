/** The message a reply quotes, shown above the input with a button to stop quoting it. */
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { MessageDTO } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { QuotedMessage } from '../chat/QuotedMessage';

export function ReplyPreview({ quoted, contactName, onCancel }: { quoted: MessageDTO; contactName: string; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pt: 1 }} data-testid="composer-reply">
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <QuotedMessage quoted={quoted} contactName={contactName} />
      </Box>
      <IconButton size="small" aria-label={t('tickets.composer.cancelReply')} onClick={onCancel}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
