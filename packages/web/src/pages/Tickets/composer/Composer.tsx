/**
 * The message input (spec §2 Message input): disabled with its buttons unless the ticket is open;
 * up to 5 lines; first letter capitalised; Enter sends and Shift+Enter adds a line; empty text is
 * never sent; '/' looks up quick answers; files (also dropped onto the chat), audio recording, the
 * sign option and the quoted reply. One idempotency key per draft, so a double send is sent once.
 * Quick answers are picked with the keyboard (arrows, Enter; Esc closes the list and keeps the text)
 * or the mouse, and the focus stays in the input so the next Enter sends the picked answer.
 */
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import CreateIcon from '@mui/icons-material/Create';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import MicIcon from '@mui/icons-material/Mic';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MESSAGE_INPUT_MAX_ROWS, type MessageDTO, type QuickAnswerDTO, type TicketDTO } from '@switchboard/shared';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendMessage } from '../../../api/messages';
import { useAuth } from '../../../auth/AuthProvider';
import { useToast } from '../../../components/Toasts';
import { useStoredState } from '../../../components/useStoredState';
import { QuotedMessage } from '../chat/QuotedMessage';
import { canSend, capitaliseFirst, isSendKey, quickAnswerSearch, signedBody } from './composerRules';
import { QuickAnswersList, quickAnswerOptionId, QUICK_ANSWERS_LIST_ID } from './QuickAnswersList';
import { useQuickAnswerPicker } from './useQuickAnswerPicker';
import { formatTimer, useAudioRecorder } from './useAudioRecorder';

export const SIGN_OPTION_KEY = 'signOption';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export interface ComposerProps {
  ticket: Pick<TicketDTO, 'id' | 'status' | 'contact'>;
  quoted: MessageDTO | null;
  onClearQuote: () => void;
  files: File[];
  onFilesChange: (files: File[]) => void;
}

export function Composer({ ticket, quoted, onClearQuote, files, onFilesChange }: ComposerProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useAuth();
  const send = useSendMessage();
  const recorder = useAudioRecorder();
  const [text, setText] = useState('');
  const [signOn, setSignOn] = useStoredState(SIGN_OPTION_KEY, true);
  const draftKey = useRef(newKey());
  const fileInput = useRef<HTMLInputElement>(null);
  const textInput = useRef<HTMLTextAreaElement>(null);
  const disabled = ticket.status !== 'open';
  const search = disabled ? null : quickAnswerSearch(text);

  const changeText = (value: string) => {
    // A changed draft is a new action: a new key (an unchanged draft sent twice keeps its key).
    draftKey.current = newKey();
    setText(capitaliseFirst(value));
  };

  const chooseQuickAnswer = (answer: QuickAnswerDTO) => {
    changeText(answer.message);
    // Back to the input, caret at the end, so Enter sends the picked answer.
    const box = textInput.current;
    if (box) {
      box.focus();
      requestAnimationFrame(() => box.setSelectionRange(box.value.length, box.value.length));
    }
  };
  const picker = useQuickAnswerPicker(search, chooseQuickAnswer);

  const submit = async (outgoing: { body: string; files: File[]; voiceNote?: boolean }) => {
    const idempotencyKey = draftKey.current;
    const body = outgoing.body.trim() ? signedBody(outgoing.body.trim(), signOn ? (user?.name ?? null) : null) : '';
    try {
      await send.mutateAsync({
        ticketId: ticket.id,
        body,
        files: outgoing.files,
        voiceNote: outgoing.voiceNote,
        quotedMsg: quoted?.id,
        idempotencyKey,
      });
      draftKey.current = newKey();
      return true;
    } catch (err) {
      toast.error(err);
      return false;
    }
  };

  const sendDraft = async () => {
    if (disabled || send.isPending || !canSend(text, files.length)) return;
    const draft = { body: text, files };
    // Clear at once so the input is ready for the next message; restore it if sending fails.
    setText('');
    onFilesChange([]);
    onClearQuote();
    if (!(await submit(draft))) {
      setText(draft.body);
      onFilesChange(draft.files);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    if (picker.onKeyDown(e)) return;
    if (isSendKey(e)) {
      e.preventDefault();
      void sendDraft();
    }
  };

  const startRecording = async () => {
    try {
      await recorder.start();
    } catch {
      toast.info(t('tickets.composer.micError'));
    }
  };

  const sendRecording = async () => {
    const result = await recorder.finish();
    if (result.kind === 'tooShort') toast.info(t('tickets.composer.tooShort'));
    else await submit({ body: '', files: [result.file], voiceNote: true });
  };

  const hasDraft = canSend(text, files.length);

  return (
    <Box sx={{ position: 'relative', borderTop: 1, borderColor: 'divider', bgcolor: 'background.default' }} data-testid="composer">
      {!disabled && picker.open && (
        <QuickAnswersList answers={picker.answers} activeIndex={picker.activeIndex} onChoose={chooseQuickAnswer} />
      )}
      {quoted && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pt: 1 }} data-testid="composer-reply">
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <QuotedMessage quoted={quoted} contactName={ticket.contact.name} />
          </Box>
          <IconButton size="small" aria-label={t('tickets.composer.cancelReply')} onClick={onClearQuote}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      {files.length > 0 && (
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
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, p: 1 }}>
        {recorder.recording ? (
          <RecordingBar seconds={recorder.seconds} onCancel={recorder.cancel} onSend={() => void sendRecording()} />
        ) : (
          <>
            <Tooltip title={t('tickets.composer.attach')}>
              <span>
                <IconButton disabled={disabled} onClick={() => fileInput.current?.click()} aria-label={t('tickets.composer.attach')} data-testid="composer-attach">
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
                e.target.value = '';
              }}
            />
            <Tooltip title={t('tickets.composer.sign')}>
              <span>
                <IconButton
                  disabled={disabled}
                  color={signOn ? 'primary' : 'default'}
                  onClick={() => setSignOn(!signOn)}
                  aria-label={t('tickets.composer.sign')}
                  aria-pressed={signOn}
                  data-testid="composer-sign"
                >
                  <CreateIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Paper variant="outlined" sx={{ flex: 1, px: 1.5, py: 0.75, borderRadius: 5, bgcolor: 'background.paper' }}>
              <InputBase
                fullWidth
                multiline
                maxRows={MESSAGE_INPUT_MAX_ROWS}
                value={text}
                disabled={disabled}
                placeholder={disabled ? t('tickets.composer.disabled') : t('tickets.composer.placeholderQuick')}
                onChange={(e) => changeText(e.target.value)}
                onKeyDown={onKeyDown}
                inputRef={textInput}
                inputProps={{
                  'data-testid': 'composer-input',
                  'aria-label': t('tickets.composer.placeholder'),
                  'aria-controls': picker.open ? QUICK_ANSWERS_LIST_ID : undefined,
                  'aria-expanded': picker.open,
                  'aria-activedescendant': picker.open ? quickAnswerOptionId(picker.answers[picker.activeIndex]) : undefined,
                }}
              />
            </Paper>
            {hasDraft ? (
              <IconButton color="primary" disabled={disabled || send.isPending} onClick={() => void sendDraft()} aria-label={t('tickets.composer.send')} data-testid="composer-send">
                <SendIcon />
              </IconButton>
            ) : (
              <IconButton disabled={disabled} onClick={() => void startRecording()} aria-label={t('tickets.composer.record')} data-testid="composer-record">
                <MicIcon />
              </IconButton>
            )}
          </>
        )}
      </Box>
    </Box>
  );
}

function RecordingBar({ seconds, onCancel, onSend }: { seconds: number; onCancel: () => void; onSend: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }} data-testid="recording">
      <IconButton color="error" onClick={onCancel} aria-label={t('tickets.composer.cancelRecording')} data-testid="recording-cancel">
        <CancelIcon />
      </IconButton>
      <FiberManualRecordIcon color="error" fontSize="small" />
      <Typography variant="body2" aria-label={t('tickets.composer.recording')} data-testid="recording-timer">
        {formatTimer(seconds)}
      </Typography>
      <IconButton color="success" onClick={onSend} aria-label={t('tickets.composer.stopAndSend')} data-testid="recording-send">
        <CheckCircleIcon />
      </IconButton>
    </Box>
  );
}
