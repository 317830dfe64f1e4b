/**
 * The file sent with a scheduled message's or a campaign's text: what is attached now (or newly
 * chosen), a button to choose another and one to remove it. The form uploads the choice after it
 * saves the text; the server checks the type and the limits of a chat upload.
 */
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AttachmentDTO } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';

/** What the form will do with the file: keep what is attached, send a new one, or remove it. */
export type AttachmentChoice = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function AttachmentPicker({
  current,
  choice,
  onChange,
  testId,
}: {
  current: AttachmentDTO | null;
  choice: AttachmentChoice;
  onChange: (choice: AttachmentChoice) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const shown =
    choice.kind === 'new' ? { filename: choice.file.name, size: choice.file.size } : choice.kind === 'keep' && current ? current : null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid={testId}>
      <Button component="label" size="small" variant="outlined" startIcon={<AttachFileIcon />}>
        {shown ? t('attachment.replace') : t('attachment.attach')}
        <input
          hidden
          type="file"
          data-testid={`${testId}-input`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onChange({ kind: 'new', file });
            e.target.value = '';
          }}
        />
      </Button>
      {shown ? (
        <>
          <Typography variant="body2" data-testid={`${testId}-name`}>
            {shown.filename} ({sizeText(shown.size)})
          </Typography>
          <Button
            size="small"
            color="error"
            onClick={() => onChange(current ? { kind: 'remove' } : { kind: 'keep' })}
            data-testid={`${testId}-remove`}
          >
            {t('attachment.remove')}
          </Button>
        </>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {t('attachment.hint')}
        </Typography>
      )}
    </Box>
  );
}

/** A line saying which file goes with a message (lists and the campaign page). */
export function AttachmentLine({ media, testId }: { media: AttachmentDTO | null; testId: string }) {
  const { t } = useTranslation();
  if (!media) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid={testId}>
      <AttachFileIcon fontSize="small" />
      {t(`attachment.kinds.${media.kind}`)}: {media.filename} ({sizeText(media.size)})
    </Typography>
  );
}
