import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * What a media bubble shows while its file loads, or when it cannot be loaded. A `size` reserves the
 * loaded media's box, so the chat opened at its newest message is not pushed up when it arrives.
 */
export function MediaFallback({ error, size }: { error: boolean; size?: { width: number; height: number } }) {
  const { t } = useTranslation();
  if (!error && size) {
    return (
      <Box sx={{ ...size, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress size={20} />
      </Box>
    );
  }
  if (!error) return <CircularProgress size={20} sx={{ m: 2 }} />;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.5, alignItems: 'center', p: 1 }}>
      <BrokenImageOutlinedIcon fontSize="small" /> {t('tickets.chat.mediaError')}
    </Typography>
  );
}
