/**
 * Files to send with a reply: the button that opens the file chooser (files dropped onto the chat
 * join the same list) and the chips of the files chosen so far, each removable.
 */
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface AttachmentsProps {
  files: File[];
  onFilesChange: (files: File[]) => void;
}

export function AttachButton({ files, onFilesChange, disabled }: AttachmentsProps & { disabled: boolean }) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <Tooltip title={t('tickets.composer.attach')}>
        <span>
          <IconButton
            disabled={disabled}
            onClick={() => fileInput.current?.click()}
            aria-label={t('tickets.composer.attach')}
            data-testid="composer-attach"
          >
            <AttachFileIcon />
          </IconButton>
        </span>
      </Tooltip>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        data-testid="composer-file-input"
        onChange={(e) => {
          onFilesChange([...files, ...Array.from(e.target.files ?? [])]);
          // Cleared so the same file can be chosen again after it was removed.
          e.target.value = '';
        }}
      />
    </>
  );
}

export function AttachedFiles({ files, onFilesChange }: AttachmentsProps) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', px: 1.5, pt: 1 }} data-testid="composer-files">
      {files.map((file, i) => (
        <Chip
          key={`${file.name}-${i}`}
          size="small"
          label={file.name}
          onDelete={() => onFilesChange(files.filter((_, j) => j !== i))}
          deleteIcon={<CloseIcon aria-label={t('tickets.composer.removeFile')} />}
        />
      ))}
    </Box>
  );
}
