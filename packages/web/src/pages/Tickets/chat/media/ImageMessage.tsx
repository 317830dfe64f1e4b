import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import type { MessageDTO } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaFallback } from './MediaFallback';
import { useMediaSrc } from './useObjectUrl';

/** An image (or sticker); a click shows it enlarged. */
export function ImageMessage({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const { url, error, onError } = useMediaSrc(message);
  const [open, setOpen] = useState(false);
  const sticker = message.mediaType === 'sticker';
  const box = sticker ? { width: 140, height: 140 } : { width: 250, height: 200 };
  if (!url) return <MediaFallback error={error} size={box} />;
  return (
    <>
      <Box
        component="img"
        src={url}
        onError={onError}
        alt={message.mediaName ?? ''}
        title={t('tickets.chat.enlarge')}
        onClick={() => setOpen(true)}
        data-testid="message-image"
        sx={{ display: 'block', cursor: 'zoom-in', ...box, objectFit: 'cover', borderRadius: 1 }}
      />
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" data-testid="image-enlarged">
        <Box component="img" src={url} alt={message.mediaName ?? ''} sx={{ display: 'block', maxWidth: '90vw', maxHeight: '85vh' }} />
      </Dialog>
    </>
  );
}
