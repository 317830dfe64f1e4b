import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '../version';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ py: 1, px: 2, textAlign: 'center' }}>
      <Typography variant="caption" color="text.secondary" data-testid="app-version">
        {t('footer.version', { version: APP_VERSION })}
      </Typography>
    </Box>
  );
}
