/**
 * A chat's scheduled messages: what is still to go (edit, cancel), what went or failed (with the
 * reason), and the form to schedule a new one at a wall time of the company's time zone, once or
 * repeating until a day. The form checks with the route's own schema; the server checks again.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  RECURRENCES,
  scheduledMessageSaveSchema,
  type AttachmentDTO,
  type Recurrence,
  type ScheduledMessageDTO,
} from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCancelScheduledMessage,
  useSaveScheduledMessage,
  useScheduledMessagesLive,
  useTicketScheduledMessages,
} from '../../../api/scheduledMessages';
import { AttachmentError } from '../../../api/attachments';
import { settingValue, useSettings } from '../../../api/settings';
import { AttachmentLine, AttachmentPicker, type AttachmentChoice } from '../../../components/AttachmentPicker';
import { useToast } from '../../../components/Toasts';
import { useFieldMessage } from '../../../components/useFieldMessage';
import { ScheduledStatusChip, scheduleWhenText } from './scheduledText';

interface FormState {
  id?: number;
  body: string;
  /** The file attached now (editing). */
  media: AttachmentDTO | null;
  sendAt: string;
  recurrence: Recurrence;
  until: string;
}

const EMPTY: FormState = { body: '', media: null, sendAt: '', recurrence: 'none', until: '' };

export function ScheduledMessagesDialog({
  ticketId,
  contactName,
  onClose,
}: {
  ticketId: number;
  contactName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const list = useTicketScheduledMessages(ticketId);
  useScheduledMessagesLive();
  const settings = useSettings();
  const timeZone = settingValue(settings.data, 'timezone') || list.data?.[0]?.timeZone;
  const [form, setForm] = useState<FormState>(EMPTY);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="scheduled-dialog">
      <DialogTitle>{t('scheduled.dialogTitle', { name: contactName })}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ mb: 2 }} data-testid="scheduled-list">
          {list.data?.length === 0 && <Typography color="text.secondary">{t('scheduled.none')}</Typography>}
          {list.data?.map((m) => (
            <ScheduledItem
              key={m.id}
              message={m}
              onEdit={() =>
                setForm({
                  id: m.id,
                  body: m.body,
                  media: m.media,
                  sendAt: m.status === 'failed' ? '' : m.nextLocalAt,
                  recurrence: m.recurrence,
                  until: m.until ?? '',
                })
              }
            />
          ))}
        </Stack>
        <Divider sx={{ mb: 2 }} />
        <ScheduleForm key={form.id ?? 'new'} ticketId={ticketId} initial={form} timeZone={timeZone} onDone={() => setForm(EMPTY)} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="scheduled-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ScheduledItem({ message, onEdit }: { message: ScheduledMessageDTO; onEdit: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const cancel = useCancelScheduledMessage();
  const pending = message.status === 'scheduled' || message.status === 'failed';
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid={`scheduled-item-${message.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="scheduled-when">
          {scheduleWhenText(t, message)}
        </Typography>
        <ScheduledStatusChip message={message} />
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }} data-testid="scheduled-body">
        {message.body}
      </Typography>
      <AttachmentLine media={message.media} testId="scheduled-media-line" />
      {message.status === 'failed' && message.lastError && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="scheduled-error">
          {t(`errors.${message.lastError}`, { defaultValue: message.lastError })}
        </Alert>
      )}
      {pending && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button size="small" onClick={onEdit} data-testid="scheduled-edit">
            {t('common.edit')}
          </Button>
          <Button
            size="small"
            color="error"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(message.id, { onSuccess: () => toast.success(t('scheduled.cancelled')), onError: (err) => toast.error(err) })
            }
            data-testid="scheduled-cancel"
          >
            {t('scheduled.cancel')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}

function ScheduleForm({
  ticketId,
  initial,
  timeZone,
  onDone,
}: {
  ticketId: number;
  initial: FormState;
  timeZone?: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const fieldMessage = useFieldMessage();
  const save = useSaveScheduledMessage();
  const [state, setState] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attachment, setAttachment] = useState<AttachmentChoice>({ kind: 'keep' });
  const set = (patch: Partial<FormState>) => setState((s) => ({ ...s, ...patch }));

  const submit = async () => {
    const input = {
      body: state.body,
      sendAt: state.sendAt,
      recurrence: state.recurrence,
      until: state.recurrence === 'none' ? null : state.until || null,
    };
    const checked = scheduledMessageSaveSchema.safeParse(input);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: state.id, ticketId, input, attachment });
      toast.success(t(state.id ? 'scheduled.updated' : 'scheduled.created'));
      setState(EMPTY);
      setAttachment({ kind: 'keep' });
      onDone();
    } catch (err) {
      if (err instanceof AttachmentError) {
        // Saved without its file: the form now edits it, so trying again does not schedule it twice.
        const saved = err.saved as ScheduledMessageDTO;
        setState((s) => ({ ...s, id: saved.id, media: saved.media }));
        setAttachment({ kind: 'keep' });
        toast.error(err.reason);
      } else toast.error(err);
    }
  };

  return (
    <Stack spacing={2} data-testid="scheduled-form">
      <Typography variant="subtitle2">{t(state.id ? 'scheduled.editTitle' : 'scheduled.newTitle')}</Typography>
      <TextField
        label={t('scheduled.body')}
        multiline
        minRows={2}
        value={state.body}
        onChange={(e) => set({ body: e.target.value })}
        error={!!errors.body}
        helperText={
          fieldMessage(errors.body) ?? t('scheduled.variablesHint', { example: '{{name}}', interpolation: { escapeValue: false } })
        }
        slotProps={{ htmlInput: { 'data-testid': 'scheduled-body-input', maxLength: 4096 } }}
      />
      <AttachmentPicker current={state.media} choice={attachment} onChange={setAttachment} testId="scheduled-media" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('scheduled.sendAt')}
          type="datetime-local"
          value={state.sendAt}
          onChange={(e) => set({ sendAt: e.target.value })}
          error={!!errors.sendAt}
          helperText={fieldMessage(errors.sendAt) ?? (timeZone ? t('scheduled.timeZone', { zone: timeZone }) : ' ')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'scheduled-send-at' } }}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          label={t('scheduled.repeat')}
          value={state.recurrence}
          onChange={(e) => set({ recurrence: e.target.value as Recurrence })}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'scheduled-recurrence' } as object } }}
          sx={{ minWidth: 160 }}
        >
          {RECURRENCES.map((r) => (
            <MenuItem key={r} value={r} data-testid={`scheduled-recurrence-${r}`}>
              {t(`scheduled.recurrence.${r}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {state.recurrence !== 'none' && (
        <TextField
          label={t('scheduled.until')}
          type="date"
          value={state.until}
          onChange={(e) => set({ until: e.target.value })}
          error={!!errors.until}
          helperText={fieldMessage(errors.until) ?? ' '}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'scheduled-until' } }}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {state.id && (
          <Button onClick={onDone} data-testid="scheduled-edit-cancel">
            {t('common.cancel')}
          </Button>
        )}
        <Button variant="contained" disabled={save.isPending} onClick={() => void submit()} data-testid="scheduled-submit">
          {t(state.id ? 'common.save' : 'scheduled.schedule')}
        </Button>
      </Stack>
    </Stack>
  );
}
