/**
 * Sending what the composer holds: a reply (text signed with the attendant's name when the sign
 * option is on, files, the quoted message) or a private note (text only, its own route). The box
 * is cleared at once so the next message can be written, and the draft is put back if sending fails.
 */
import type { MessageDTO } from '@switchboard/shared';
import { useSendMessage } from '../../../api/messages';
import { useSendNote } from '../../../api/notes';
import { useToast } from '../../../components/Toasts';
import { canSend, signedBody } from './composerRules';
import type { Draft } from './useDraft';

export interface SendDraftOptions {
  ticketId: number;
  draft: Draft;
  files: File[];
  onFilesChange: (files: File[]) => void;
  quoted: MessageDTO | null;
  onClearQuote: () => void;
  noteMode: boolean;
  /** A reply is sent only while the ticket is open. */
  disabled: boolean;
  /** The name a reply is signed with, or null when the sign option is off. */
  signerName: string | null;
}

interface Outgoing {
  body: string;
  files: File[];
  voiceNote?: boolean;
}

export function useSendDraft({
  ticketId,
  draft,
  files,
  onFilesChange,
  quoted,
  onClearQuote,
  noteMode,
  disabled,
  signerName,
}: SendDraftOptions) {
  const toast = useToast();
  const send = useSendMessage();
  const sendNote = useSendNote();

  const submitNote = async () => {
    const body = draft.text.trim();
    if (!body || sendNote.isPending) return;
    draft.clear();
    try {
      await sendNote.mutateAsync({ ticketId, body, idempotencyKey: draft.key() });
      draft.sent();
    } catch (err) {
      toast.error(err);
      draft.restore(body);
    }
  };

  /** Sends a reply with the draft's key; true when the server accepted it (a failure is shown). */
  const submitReply = async (outgoing: Outgoing) => {
    const idempotencyKey = draft.key();
    const body = outgoing.body.trim() ? signedBody(outgoing.body.trim(), signerName) : '';
    try {
      await send.mutateAsync({
        ticketId,
        body,
        files: outgoing.files,
        voiceNote: outgoing.voiceNote,
        quotedMsg: quoted?.id,
        idempotencyKey,
      });
      draft.sent();
      return true;
    } catch (err) {
      toast.error(err);
      return false;
    }
  };

  const sendDraft = async () => {
    if (noteMode) return submitNote();
    if (disabled || send.isPending || !canSend(draft.text, files.length)) return;
    const outgoing = { body: draft.text, files };
    draft.clear();
    onFilesChange([]);
    onClearQuote();
    if (!(await submitReply(outgoing))) {
      draft.restore(outgoing.body);
      onFilesChange(outgoing.files);
    }
  };

  const sendVoiceNote = async (file: File) => {
    await submitReply({ body: '', files: [file], voiceNote: true });
  };

  return { sendDraft, sendVoiceNote, pending: send.isPending || sendNote.isPending };
}
