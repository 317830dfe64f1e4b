/**
 * Any other file: a download button with its name. The file is fetched with the token on click
 * (a signed link may have expired while the page stayed open).
 */
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import type { MessageDTO } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMediaBlob } from '../../../../api/mediaBlob';
import { useToast } from '../../../../components/Toasts';
import { tokenMediaPath } from './useObjectUrl';

export function DocumentMessage({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const name = message.mediaName || t('tickets.chat.download');

  const download = async () => {
    if (!message.mediaUrl) return;
    setBusy(true);
    try {
      const blob = await fetchMediaBlob(tokenMediaPath(message));
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      toast.error(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadIcon />}
      disabled={busy || !message.mediaUrl}
      onClick={() => void download()}
      sx={{ textTransform: 'none', maxWidth: '100%', justifyContent: 'flex-start', overflow: 'hidden' }}
      data-testid="message-document"
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
    </Button>
  );
}
