import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NoPermission() {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 4, m: 2, textAlign: 'center' }} data-testid="no-permission">
      <Typography variant="h5" gutterBottom>
        {t('noPermission.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('noPermission.message')}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        {t('noPermission.back')}
      </Button>
    </Paper>
  );
}
