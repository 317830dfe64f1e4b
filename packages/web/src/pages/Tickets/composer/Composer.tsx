/**
 * The message input (spec §2 Message input): disabled with its buttons unless the ticket is open;
 * up to 5 lines; first letter capitalised; Enter sends and Shift+Enter adds a line; empty text is
 * never sent; '/' looks up quick answers; files (also dropped onto the chat), audio recording, the
 * sign option and the quoted reply. One idempotency key per draft, so a double send is sent once.
 * Quick answers are picked with the keyboard (arrows, Enter; Esc closes the list and keeps the text)
 * or the mouse, and the focus stays in the input so the next Enter sends the picked answer.
 * The lock button switches to a private note (staff only, any ticket status, text only, `@` lists
 * colleagues to mention); a user who may only read the ticket (mentioned on it) writes notes only.
 */
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import CreateIcon from '@mui/icons-material/Create';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import LockIcon from '@mui/icons-material/Lock';
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
import { mentionQuery, useSendNote } from '../../../api/notes';
import { MentionList, MENTION_LIST_ID, mentionOptionId, useMentionPicker } from './MentionList';
import { useAuth } from '../../../auth/AuthProvider';
import { useToast } from '../../../components/Toasts';
import { useStoredState } from '../../../components/useStoredState';
import { QuotedMessage } from '../chat/QuotedMessage';
import { canSend, capitaliseFirst, isSendKey, quickAnswerSearch, signedBody } from './composerRules';
import { QuickAnswersList, quickAnswerOptionId, QUICK_ANSWERS_LIST_ID } from './QuickAnswersList';
import { useQuickAnswerPicker } from './useQuickAnswerPicker';
import { SHORTCUT_KEYS } from '../shortcuts/shortcutKey';
import { useShortcuts } from '../shortcuts/useShortcuts';
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
  /** False for a user who may only read the ticket (mentioned on it): private notes only. */
  canReply?: boolean;
}

export function Composer({ ticket, quoted, onClearQuote, files, onFilesChange, canReply = true }: ComposerProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useAuth();
  const send = useSendMessage();
  const sendNote = useSendNote();
  const [noteChosen, setNoteChosen] = useState(false);
  const noteMode = noteChosen || !canReply;
  const recorder = useAudioRecorder();
  const [text, setText] = useState('');
  const [signOn, setSignOn] = useStoredState(SIGN_OPTION_KEY, true);
  const draftKey = useRef(newKey());
  const fileInput = useRef<HTMLInputElement>(null);
  const textInput = useRef<HTMLTextAreaElement>(null);
  // A note can be written on any ticket the user reads; a reply only while the ticket is open.
  const disabled = !noteMode && ticket.status !== 'open';
  const search = disabled || noteMode ? null : quickAnswerSearch(text);
  const mentioning = noteMode ? mentionQuery(text) : null;

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

  const chooseMention = (name: string) => {
    changeText(`${text.slice(0, text.length - (mentioning ?? '').length)}${name} `);
    textInput.current?.focus();
  };
  const mentions = useMentionPicker(mentioning, chooseMention);

  // Keyboard: focus the box; open quick answers (a reply only), which is typing '/' in an empty box.
  const focusInput = () => textInput.current?.focus();
  useShortcuts(
    {
      [SHORTCUT_KEYS.composer]: focusInput,
      [SHORTCUT_KEYS.quickAnswers]: noteMode
        ? undefined
        : () => {
            if (!text) changeText('/');
            focusInput();
          },
    },
    // While recording the text box is not shown; a pending or closed ticket takes no reply.
    !disabled && !recorder.recording,
  );

  const submitNote = async () => {
    const body = text.trim();
    if (!body || sendNote.isPending) return;
    setText('');
    try {
      await sendNote.mutateAsync({ ticketId: ticket.id, body, idempotencyKey: draftKey.current });
      draftKey.current = newKey();
    } catch (err) {
      toast.error(err);
      setText(body);
    }
  };

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
    if (noteMode) return submitNote();
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
    if (picker.onKeyDown(e) || mentions.onKeyDown(e)) return;
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

  const hasDraft = noteMode || canSend(text, files.length);
  const placeholder = noteMode
    ? t('tickets.composer.placeholderNote')
    : disabled
      ? t('tickets.composer.disabled')
      : t('tickets.composer.placeholderQuick');

  return (
    <Box
      sx={{ position: 'relative', borderTop: 1, borderColor: noteMode ? 'warning.main' : 'divider', bgcolor: 'background.default' }}
      data-testid="composer"
      data-note-mode={noteMode}
    >
      {mentions.open && <MentionList candidates={mentions.candidates} activeIndex={mentions.activeIndex} onChoose={chooseMention} />}
      {noteMode && (
        <Typography
          variant="caption"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1.5, pt: 0.75, color: 'warning.dark' }}
          data-testid="composer-note-hint"
        >
          <LockIcon sx={{ fontSize: 14 }} />
          {canReply ? t('tickets.composer.noteMode') : t('tickets.composer.mentionedOnly')}
        </Typography>
      )}
      {!disabled && !noteMode && picker.open && (
        <QuickAnswersList answers={picker.answers} activeIndex={picker.activeIndex} onChoose={chooseQuickAnswer} />
      )}
      {quoted && !noteMode && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pt: 1 }} data-testid="composer-reply">
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <QuotedMessage quoted={quoted} contactName={ticket.contact.name} />
          </Box>
          <IconButton size="small" aria-label={t('tickets.composer.cancelReply')} onClick={onClearQuote}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      {files.length > 0 && !noteMode && (
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
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-end',
          gap: { xs: 0, sm: 0.5 },
          p: { xs: 0.5, sm: 1 },
          // On a phone the buttons close up, so the text box keeps most of the row.
          '& .MuiIconButton-root': { p: { xs: 0.5, sm: 1 } },
        }}
        data-testid="composer-row"
      >
        {recorder.recording ? (
          <RecordingBar seconds={recorder.seconds} onCancel={recorder.cancel} onSend={() => void sendRecording()} />
        ) : (
          <>
            {canReply && (
              <Tooltip title={noteMode ? t('tickets.composer.replyMode') : t('tickets.composer.noteMode')}>
                <IconButton
                  color={noteMode ? 'warning' : 'default'}
                  onClick={() => setNoteChosen(!noteChosen)}
                  aria-label={t('tickets.composer.noteMode')}
                  aria-pressed={noteMode}
                  data-testid="composer-note-toggle"
                >
                  <LockIcon />
                </IconButton>
              </Tooltip>
            )}
            {!noteMode && (
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
              </>
            )}
            <Paper
              variant="outlined"
              sx={{
                flex: 1,
                minWidth: 0,
                mx: { xs: 0.25, sm: 0 },
                px: 1.5,
                py: 0.75,
                borderRadius: 5,
                bgcolor: noteMode ? 'warning.light' : 'background.paper',
                color: noteMode ? 'common.black' : undefined,
              }}
            >
              <InputBase
                fullWidth
                multiline
                maxRows={MESSAGE_INPUT_MAX_ROWS}
                value={text}
                disabled={disabled}
                placeholder={placeholder}
                onChange={(e) => changeText(e.target.value)}
                onKeyDown={onKeyDown}
                inputRef={textInput}
                inputProps={{
                  'data-testid': 'composer-input',
                  'aria-label': noteMode ? t('tickets.composer.placeholderNote') : t('tickets.composer.placeholder'),
                  'aria-controls': picker.open ? QUICK_ANSWERS_LIST_ID : mentions.open ? MENTION_LIST_ID : undefined,
                  'aria-expanded': picker.open || mentions.open,
                  'aria-activedescendant': picker.open
                    ? quickAnswerOptionId(picker.answers[picker.activeIndex])
                    : mentions.open
                      ? mentionOptionId(mentions.candidates[mentions.activeIndex].id)
                      : undefined,
                }}
              />
            </Paper>
            {hasDraft ? (
              <IconButton
                color={noteMode ? 'warning' : 'primary'}
                disabled={disabled || send.isPending || sendNote.isPending}
                onClick={() => void sendDraft()}
                aria-label={t('tickets.composer.send')}
                data-testid="composer-send"
              >
                <SendIcon />
              </IconButton>
            ) : (
              <IconButton
                disabled={disabled}
                onClick={() => void startRecording()}
                aria-label={t('tickets.composer.record')}
                data-testid="composer-record"
              >
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
