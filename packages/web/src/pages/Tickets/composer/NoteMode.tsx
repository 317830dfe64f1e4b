/**
 * The private-note mode's controls: the lock button that switches between a reply and a note, and
 * the line that tells a note is being written (or that a user only mentioned on the ticket may
 * write notes only).
 */
import LockIcon from '@mui/icons-material/Lock';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function NoteModeToggle({ noteMode, onToggle }: { noteMode: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={noteMode ? t('tickets.composer.replyMode') : t('tickets.composer.noteMode')}>
      <IconButton
        color={noteMode ? 'warning' : 'default'}
        onClick={onToggle}
        aria-label={t('tickets.composer.noteMode')}
        aria-pressed={noteMode}
        data-testid="composer-note-toggle"
      >
        <LockIcon />
      </IconButton>
    </Tooltip>
  );
}

export function NoteModeHint({ canReply }: { canReply: boolean }) {
  const { t } = useTranslation();
  return (
    <Typography
      variant="caption"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1.5, pt: 0.75, color: 'warning.dark' }}
      data-testid="composer-note-hint"
    >
      <LockIcon sx={{ fontSize: 14 }} />
      {canReply ? t('tickets.composer.noteMode') : t('tickets.composer.mentionedOnly')}
    </Typography>
  );
}
