/** A block of text to copy as is (commands, tokens), with a copy button. */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useToast } from './Toasts';

export async function copyText(text: string): Promise<void> {
  await navigator.clipboard.writeText(text);
}

export function CopyableCode({ code, testId, copiedText }: { code: string; testId: string; copiedText?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <Box sx={{ position: 'relative', my: 1 }}>
      <Box
        component="pre"
        data-testid={testId}
        sx={{
          m: 0,
          p: 2,
          pr: 14,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: 13,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {code}
      </Box>
      <Button
        size="small"
        startIcon={<ContentCopyIcon fontSize="small" />}
        sx={{ position: 'absolute', top: 8, right: 8 }}
        data-testid={`${testId}-copy`}
        onClick={() =>
          void copyText(code).then(
            () => toast.success(copiedText ?? t('apiPage.copied')),
            (err) => toast.error(err),
          )
        }
      >
        {t('apiPage.copy')}
      </Button>
    </Box>
  );
}
