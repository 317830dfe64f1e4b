/**
 * The message input (spec §2 Message input): disabled with its buttons unless the ticket is open;
 * up to 5 lines; first letter capitalised; Enter sends and Shift+Enter adds a line; empty text is
 * never sent; '/' looks up quick answers; files (also dropped onto the chat), audio recording, the
 * sign option and the quoted reply. One idempotency key per draft, so a double send is sent once.
 * Quick answers are picked with the keyboard (arrows, Enter; Esc closes the list and keeps the text)
 * or the mouse, and the focus stays in the input so the next Enter sends the picked answer.
 * The lock button switches to a private note (staff only, any ticket status, text only, `@` lists
 * colleagues to mention); a user who may only read the ticket (mentioned on it) writes notes only.
 *
 * This component lays the pieces out; each job lives in its own module: the draft and its key
 * (useDraft), sending (useSendDraft), the lists above the input (useQuickAnswerPicker,
 * useMentionPicker), the voice note (useVoiceNote, RecordingBar), files (Attachments) and the
 * keyboard shortcuts (useComposerShortcuts).
 */
import MicIcon from '@mui/icons-material/Mic';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import { MESSAGE_INPUT_MAX_ROWS, type MessageDTO, type TicketDTO } from '@switchboard/shared';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../auth/AuthProvider';
import { AttachButton, AttachedFiles } from './Attachments';
import { canSend, isSendKey } from './composerRules';
import { MentionList } from './MentionList';
import { NoteModeHint, NoteModeToggle } from './NoteMode';
import { QuickAnswersList } from './QuickAnswersList';
import { RecordingBar } from './RecordingBar';
import { ReplyPreview } from './ReplyPreview';
import { SignButton, useSignOption } from './SignButton';
import { useComposerShortcuts } from './useComposerShortcuts';
import { useDraft } from './useDraft';
import { useMentionPicker } from './useMentionPicker';
import { useQuickAnswerPicker } from './useQuickAnswerPicker';
import { useSendDraft } from './useSendDraft';
import { useVoiceNote } from './useVoiceNote';

export { SIGN_OPTION_KEY } from './SignButton';

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
  const { user } = useAuth();
  const [noteChosen, setNoteChosen] = useState(false);
  const noteMode = noteChosen || !canReply;
  // A note can be written on any ticket the user reads; a reply only while the ticket is open.
  const disabled = !noteMode && ticket.status !== 'open';
  const [signOn, setSignOn] = useSignOption();
  const draft = useDraft();
  const textInput = useRef<HTMLTextAreaElement>(null);

  const sending = useSendDraft({
    ticketId: ticket.id,
    draft,
    files,
    onFilesChange,
    quoted,
    onClearQuote,
    noteMode,
    disabled,
    signerName: signOn ? (user?.name ?? null) : null,
  });
  const voiceNote = useVoiceNote(sending.sendVoiceNote);
  const quickAnswers = useQuickAnswerPicker(draft, !disabled && !noteMode, textInput);
  const mentions = useMentionPicker(draft, noteMode, textInput);
  // The list the input's arrows and Enter act on (only one is open at a time).
  const openList = quickAnswers.open ? quickAnswers : mentions.open ? mentions : null;
  // While recording the text box is not shown; a pending or closed ticket takes no reply.
  useComposerShortcuts({ draft, input: textInput, noteMode, enabled: !disabled && !voiceNote.recording });

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    if (quickAnswers.onKeyDown(e) || mentions.onKeyDown(e)) return;
    if (isSendKey(e)) {
      e.preventDefault();
      void sending.sendDraft();
    }
  };

  const hasDraft = noteMode || canSend(draft.text, files.length);
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
      {mentions.open && <MentionList candidates={mentions.candidates} activeIndex={mentions.activeIndex} onChoose={mentions.choose} />}
      {noteMode && <NoteModeHint canReply={canReply} />}
      {quickAnswers.open && (
        <QuickAnswersList answers={quickAnswers.answers} activeIndex={quickAnswers.activeIndex} onChoose={quickAnswers.choose} />
      )}
      {quoted && !noteMode && <ReplyPreview quoted={quoted} contactName={ticket.contact.name} onCancel={onClearQuote} />}
      {!noteMode && <AttachedFiles files={files} onFilesChange={onFilesChange} />}
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
        {voiceNote.recording ? (
          <RecordingBar seconds={voiceNote.seconds} onCancel={voiceNote.cancel} onSend={() => void voiceNote.finish()} />
        ) : (
          <>
            {canReply && <NoteModeToggle noteMode={noteMode} onToggle={() => setNoteChosen(!noteChosen)} />}
            {!noteMode && (
              <>
                <AttachButton files={files} onFilesChange={onFilesChange} disabled={disabled} />
                <SignButton signOn={signOn} onChange={setSignOn} disabled={disabled} />
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
                value={draft.text}
                disabled={disabled}
                placeholder={placeholder}
                onChange={(e) => draft.edit(e.target.value)}
                onKeyDown={onKeyDown}
                inputRef={textInput}
                inputProps={{
                  'data-testid': 'composer-input',
                  'aria-label': noteMode ? t('tickets.composer.placeholderNote') : t('tickets.composer.placeholder'),
                  'aria-controls': openList?.listId,
                  'aria-expanded': openList != null,
                  'aria-activedescendant': openList?.activeOptionId,
                }}
              />
            </Paper>
            {hasDraft ? (
              <IconButton
                color={noteMode ? 'warning' : 'primary'}
                disabled={disabled || sending.pending}
                onClick={() => void sending.sendDraft()}
                aria-label={t('tickets.composer.send')}
                data-testid="composer-send"
              >
                <SendIcon />
              </IconButton>
            ) : (
              <IconButton
                disabled={disabled}
                onClick={() => void voiceNote.start()}
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
