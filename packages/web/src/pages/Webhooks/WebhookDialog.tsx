/**
 * Add or edit a webhook: URL, events (checkboxes), secret (kept when left empty on edit) and the
 * enabled switch. Checked with the shared schema the server uses.
 */
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { WEBHOOK_EVENTS, webhookCreateSchema, webhookUpdateSchema, type WebhookDTO, type WebhookEventName } from '@switchboard/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveWebhook } from '../../api/webhooks';
import { FormDialog } from '../../components/FormDialog';
import { useToast } from '../../components/Toasts';
import { translateValidation } from '../../errors/validationMessage';

export function WebhookDialog({ webhook, onClose }: { webhook: WebhookDTO | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveWebhook();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState<string[]>(webhook?.events ?? []);
  const [secret, setSecret] = useState('');
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const raw = { url, events, enabled, ...(secret || !webhook ? { secret } : {}) };
    const parsed = webhook ? webhookUpdateSchema.safeParse(raw) : webhookCreateSchema.safeParse(raw);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= translateValidation(t, issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      // The form's data by the schema of the route it goes to (a new webhook needs every field).
      await save.mutateAsync(webhook ? { id: webhook.id, input: parsed.data } : { input: webhookCreateSchema.parse(raw) });
      toast.success(t('webhooks.saved'));
      onClose();
    } catch (err) {
      toast.error(err);
    }
  };

  const toggle = (event: WebhookEventName) =>
    setEvents((list) => (list.includes(event) ? list.filter((e) => e !== event) : [...list, event]));

  return (
    <FormDialog
      open
      title={webhook ? t('webhooks.edit') : t('webhooks.add')}
      mode={webhook ? 'edit' : 'create'}
      submitting={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="webhook-dialog"
    >
      <Stack spacing={2}>
        <TextField
          label={t('webhooks.url')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={!!errors.url}
          helperText={errors.url}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'webhook-url' } }}
        />
        <TextField
          label={t('webhooks.secret')}
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          error={!!errors.secret}
          helperText={errors.secret ?? (webhook ? t('webhooks.secretKeep') : undefined)}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'webhook-secret', autoComplete: 'off' } }}
        />
        <div>
          <FormLabel>{t('webhooks.events')}</FormLabel>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr' }}>
            {WEBHOOK_EVENTS.map((event) => (
              <FormControlLabel
                key={event}
                control={
                  <Checkbox
                    checked={events.includes(event)}
                    onChange={() => toggle(event)}
                    slotProps={{ input: { 'data-testid': `webhook-event-${event}` } as object }}
                  />
                }
                label={t(`webhooks.eventNames.${event}`)}
              />
            ))}
          </FormGroup>
          {errors.events && <FormHelperText error>{errors.events}</FormHelperText>}
        </div>
        <FormControlLabel
          control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
          label={t('webhooks.enabled')}
        />
      </Stack>
    </FormDialog>
  );
}
