import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '../version';

/** Below every page on wider screens; a phone keeps its height for the page (the version is in its menu, MainLayout). */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ py: 1, px: 2, textAlign: 'center', display: { xs: 'none', sm: 'block' } }}>
      <Typography variant="caption" color="text.secondary" data-testid="app-version">
        {t('footer.version', { version: APP_VERSION })}
      </Typography>
    </Box>
  );
}
