/** What replaces the input while a voice note is recorded: cancel, the running time, stop and send. */
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatTimer } from './useAudioRecorder';

export function RecordingBar({ seconds, onCancel, onSend }: { seconds: number; onCancel: () => void; onSend: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }} data-testid="recording">
      <IconButton color="error" onClick={onCancel} aria-label={t('tickets.composer.cancelRecording')} data-testid="recording-cancel">
        <CancelIcon />
      </IconButton>
      <FiberManualRecordIcon color="error" fontSize="small" />
      <Typography variant="body2" aria-label={t('tickets.composer.recording')} data-testid="recording-timer">
        {formatTimer(seconds)}
      </Typography>
      <IconButton color="success" onClick={onSend} aria-label={t('tickets.composer.stopAndSend')} data-testid="recording-send">
        <CheckCircleIcon />
      </IconButton>
    </Box>
  );
}
