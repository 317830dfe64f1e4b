import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** What a media bubble shows while its file loads, or when it cannot be loaded. */
export function MediaFallback({ error }: { error: boolean }) {
  const { t } = useTranslation();
  if (!error) return <CircularProgress size={20} sx={{ m: 2 }} />;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.5, alignItems: 'center', p: 1 }}>
      <BrokenImageOutlinedIcon fontSize="small" /> {t('tickets.chat.mediaError')}
    </Typography>
  );
}
