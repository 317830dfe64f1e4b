/**
 * What the customer sends: text (Enter sends, Shift+Enter adds a line), a file (its type follows its
 * mime), a location ("lat,lng") or a contact card (a small vCard).
 */
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ContactPageOutlinedIcon from '@mui/icons-material/ContactPageOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerSend, type CustomerMessageInput } from '../../api/simulator';
import { useToast } from '../../components/Toasts';
import { fileToMedia, messageTypeOf } from './fileToMedia';
import { TwoFieldDialog } from './TwoFieldDialog';
import { buildVcard } from './vcard';

type Extra = 'location' | 'contact' | null;

function ToolButton({ title, onClick, icon, testId, disabled }: { title: string; onClick(): void; icon: ReactElement; testId: string; disabled: boolean }) {
  return (
    <Tooltip title={title}>
      <span>
        <IconButton size="small" onClick={onClick} disabled={disabled} aria-label={title} data-testid={testId}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function Composer({ from, to, name }: { from: string; to: string; name?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const send = useCustomerSend();
  const [text, setText] = useState('');
  const [extra, setExtra] = useState<Extra>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const deliver = async (message: Omit<CustomerMessageInput, 'from' | 'to' | 'name'>) => {
    try {
      await send.mutateAsync({ from, to, name, ...message });
      return true;
    } catch (err) {
      toast.error(err);
      return false;
    }
  };

  const sendText = async () => {
    const body = text.trim();
    if (!body) return; // Empty text after trimming is not sent (spec §5).
    if (await deliver({ body })) setText('');
  };

  const sendFile = async (file: File | undefined) => {
    if (!file) return;
    const media = await fileToMedia(file);
    await deliver({ type: messageTypeOf(media.mimetype), media, body: text.trim() || undefined });
    setText('');
  };

  const busy = send.isPending;
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, p: 1, borderTop: 1, borderColor: 'divider' }}>
      <ToolButton title={t('simulator.attach')} onClick={() => fileInput.current?.click()} icon={<AttachFileIcon />} testId="simulator-attach" disabled={busy} />
      <input
        ref={fileInput}
        type="file"
        hidden
        data-testid="simulator-file"
        onChange={(e) => {
          void sendFile(e.target.files?.[0]);
          e.target.value = ''; // Picking the same file again must fire again.
        }}
      />
      <ToolButton title={t('simulator.location')} onClick={() => setExtra('location')} icon={<PlaceOutlinedIcon />} testId="simulator-location" disabled={busy} />
      <ToolButton title={t('simulator.contactCard')} onClick={() => setExtra('contact')} icon={<ContactPageOutlinedIcon />} testId="simulator-contact" disabled={busy} />
      <TextField
        size="small"
        fullWidth
        multiline
        maxRows={5}
        placeholder={t('simulator.messagePlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void sendText();
          }
        }}
        slotProps={{ htmlInput: { 'data-testid': 'simulator-text' } }}
      />
      <ToolButton title={t('simulator.send')} onClick={() => void sendText()} icon={<SendIcon color="primary" />} testId="simulator-send" disabled={busy || !text.trim()} />
      {extra === 'location' && (
        <TwoFieldDialog
          title={t('simulator.location')}
          labels={[t('simulator.latitude'), t('simulator.longitude')]}
          initial={['-23.5505', '-46.6333']}
          testId="simulator-location-dialog"
          onSubmit={(lat, lng) => void deliver({ type: 'location', body: `${lat},${lng}` })}
          onClose={() => setExtra(null)}
        />
      )}
      {extra === 'contact' && (
        <TwoFieldDialog
          title={t('simulator.contactCard')}
          labels={[t('simulator.contactName'), t('simulator.contactNumber')]}
          testId="simulator-contact-dialog"
          onSubmit={(contactName, number) => void deliver({ type: 'vcard', body: buildVcard(contactName, number) })}
          onClose={() => setExtra(null)}
        />
      )}
    </Box>
  );
}
