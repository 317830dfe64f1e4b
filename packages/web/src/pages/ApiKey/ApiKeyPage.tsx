/**
 * /apikey — the external API token, read-only, with a copy button; regenerating it asks first
 * because every system using the old token stops working. Admins only (route and server).
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiToken, useRegenerateApiToken } from '../../api/apiToken';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { copyText } from '../../components/CopyableCode';
import { MainHeader } from '../../components/MainHeader';
import { useToast } from '../../components/Toasts';

export default function ApiKeyPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const token = useApiToken();
  const regenerate = useRegenerateApiToken();
  const [confirming, setConfirming] = useState(false);
  const value = token.data?.value ?? '';

  return (
    <Box sx={{ p: 2 }}>
      <MainHeader title={t('apiKey.title')} />
      <Paper variant="outlined" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 760 }}>
        <Typography>{t('apiKey.text')}</Typography>
        <TextField
          label={t('apiKey.label')}
          value={value}
          fullWidth
          slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } }, htmlInput: { 'data-testid': 'apikey-value' } }}
        />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            variant="contained"
            startIcon={<ContentCopyIcon />}
            disabled={!value}
            data-testid="apikey-copy"
            onClick={() =>
              void copyText(value).then(
                () => toast.success(t('apiKey.copied')),
                (err) => toast.error(err),
              )
            }
          >
            {t('apiKey.copy')}
          </Button>
          <Button
            variant="outlined"
            color="secondary"
            startIcon={<RefreshIcon />}
            data-testid="apikey-regenerate"
            onClick={() => setConfirming(true)}
          >
            {t('apiKey.regenerate')}
          </Button>
        </Box>
      </Paper>
      <ConfirmationModal
        open={confirming}
        title={t('apiKey.confirmTitle')}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void regenerate.mutateAsync().then(
            () => toast.success(t('apiKey.regenerated')),
            (err) => toast.error(err),
          )
        }
      >
        {t('apiKey.confirmText')}
      </ConfirmationModal>
    </Box>
  );
}
