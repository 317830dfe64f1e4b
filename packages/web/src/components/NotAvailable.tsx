import ConstructionIcon from '@mui/icons-material/Construction';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** For screens whose feature has not landed yet: says so plainly instead of showing made-up data. */
export function NotAvailable() {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 4, m: 2, textAlign: 'center' }} data-testid="not-available">
      <ConstructionIcon color="disabled" sx={{ fontSize: 48, mb: 1 }} />
      <Typography variant="h5" gutterBottom>
        {t('notAvailable.title')}
      </Typography>
      <Typography color="text.secondary">{t('notAvailable.message')}</Typography>
    </Paper>
  );
}
