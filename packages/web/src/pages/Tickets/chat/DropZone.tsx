/**
 * Files dragged onto the chat are attached to the composer. A hint tells about it for the first
 * 10 s of a chat (spec §9 drop hint); an overlay shows while files are dragged over.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DROP_HINT_MS } from '@switchboard/shared';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function DropZone({ enabled, onFiles, children }: { enabled: boolean; onFiles: (files: File[]) => void; children: ReactNode }) {
  const { t } = useTranslation();
  const [hint, setHint] = useState(true);
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child; count them to know when the pointer really left.
  const depth = useRef(0);

  useEffect(() => {
    const timer = setTimeout(() => setHint(false), DROP_HINT_MS);
    return () => clearTimeout(timer);
  }, []);

  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
  const handlers = enabled
    ? {
        onDragEnter: (e: DragEvent) => {
          if (!hasFiles(e)) return;
          depth.current += 1;
          setOver(true);
        },
        onDragLeave: () => {
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setOver(false);
        },
        onDragOver: (e: DragEvent) => {
          if (hasFiles(e)) e.preventDefault();
        },
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          depth.current = 0;
          setOver(false);
          const files = Array.from(e.dataTransfer.files ?? []);
          if (files.length) onFiles(files);
        },
      }
    : {};

  return (
    <Box
      sx={{ position: 'relative', flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}
      {...handlers}
      data-testid="drop-zone"
    >
      {enabled && hint && !over && (
        // In the flow above the messages, not floating over them: it must not hide the first
        // bubble's sender line.
        // A finger cannot drag files: on touch screens the hint would only take a line of the chat.
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 0.5, flexShrink: 0, '@media (pointer: coarse)': { display: 'none' } }}>
          <Typography
            variant="caption"
            data-testid="drop-hint"
            sx={{
              bgcolor: 'background.paper',
              boxShadow: 1,
              px: 1.5,
              py: 0.5,
              borderRadius: 4,
              pointerEvents: 'none',
              whiteSpace: 'nowrap',
            }}
          >
            {t('tickets.chat.dropHint')}
          </Typography>
        </Box>
      )}
      {children}
      {over && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            border: 3,
            borderStyle: 'dashed',
            borderColor: 'primary.main',
            bgcolor: 'action.hover',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            zIndex: 3,
            pointerEvents: 'none',
          }}
        >
          <Typography variant="h6" color="primary">
            {t('tickets.chat.dropNow')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
