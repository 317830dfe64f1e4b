/**
 * What the customer sends: text (Enter sends, Shift+Enter adds a line), a file (its type follows its
 * mime), a voice note recorded with the microphone (the recorder of the tickets composer), a location
 * ("lat,lng") or a contact card (a small vCard). With a group id, everything goes to that group, the
 * customer writing as one of its members.
 */
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import MicIcon from '@mui/icons-material/Mic';
import ContactPageOutlinedIcon from '@mui/icons-material/ContactPageOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerSend, type SimulatorSendInput } from '../../api/simulator';
import { useToast } from '../../components/Toasts';
import { formatTimer, useAudioRecorder } from '../Tickets/composer/useAudioRecorder';
import { fileToMedia, messageTypeOf } from './fileToMedia';
import { TwoFieldDialog } from './TwoFieldDialog';
import { buildVcard } from './vcard';

type Extra = 'location' | 'contact' | null;

function ToolButton({
  title,
  onClick,
  icon,
  testId,
  disabled,
}: {
  title: string;
  onClick: () => void;
  icon: ReactElement;
  testId: string;
  disabled: boolean;
}) {
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

export function Composer({
  from,
  to,
  name,
  group,
  hideNumber,
}: {
  from: string;
  to: string;
  name?: string;
  group?: string;
  hideNumber?: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const send = useCustomerSend();
  const recorder = useAudioRecorder();
  const [text, setText] = useState('');
  const [extra, setExtra] = useState<Extra>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const deliver = async (message: Omit<SimulatorSendInput, 'from' | 'to' | 'name' | 'hideNumber'>) => {
    try {
      await send.mutateAsync({ from, to, name, group, ...(hideNumber ? { hideNumber } : {}), ...message });
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

  const startVoiceNote = async () => {
    try {
      await recorder.start();
    } catch {
      toast.info(t('tickets.composer.micError'));
    }
  };

  const sendVoiceNote = async () => {
    const result = await recorder.finish();
    if (result.kind === 'tooShort') return toast.info(t('tickets.composer.tooShort'));
    await deliver({ type: 'audio', media: await fileToMedia(result.file) });
  };

  const busy = send.isPending;
  if (recorder.recording) {
    return (
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, p: 1, borderTop: 1, borderColor: 'divider' }}
        data-testid="simulator-recording"
      >
        <ToolButton
          title={t('tickets.composer.cancelRecording')}
          onClick={recorder.cancel}
          icon={<CancelIcon color="error" />}
          testId="simulator-voice-cancel"
          disabled={false}
        />
        <Typography variant="body2" aria-label={t('tickets.composer.recording')}>
          {formatTimer(recorder.seconds)}
        </Typography>
        <ToolButton
          title={t('simulator.sendVoiceNote')}
          onClick={() => void sendVoiceNote()}
          icon={<CheckCircleIcon color="success" />}
          testId="simulator-voice-send"
          disabled={busy}
        />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, p: 1, borderTop: 1, borderColor: 'divider' }}>
      <ToolButton
        title={t('simulator.attach')}
        onClick={() => fileInput.current?.click()}
        icon={<AttachFileIcon />}
        testId="simulator-attach"
        disabled={busy}
      />
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
      <ToolButton
        title={t('simulator.location')}
        onClick={() => setExtra('location')}
        icon={<PlaceOutlinedIcon />}
        testId="simulator-location"
        disabled={busy}
      />
      <ToolButton
        title={t('simulator.contactCard')}
        onClick={() => setExtra('contact')}
        icon={<ContactPageOutlinedIcon />}
        testId="simulator-contact"
        disabled={busy}
      />
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
      {text.trim() ? (
        <ToolButton
          title={t('simulator.send')}
          onClick={() => void sendText()}
          icon={<SendIcon color="primary" />}
          testId="simulator-send"
          disabled={busy}
        />
      ) : (
        <ToolButton
          title={t('simulator.voiceNote')}
          onClick={() => void startVoiceNote()}
          icon={<MicIcon />}
          testId="simulator-voice"
          disabled={busy}
        />
      )}
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
