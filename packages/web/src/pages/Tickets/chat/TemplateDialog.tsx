/**
 * Picks one of the account's approved templates, fills its variables ({{1}} … {{n}}) with a live
 * preview, and sends it. The server checks the template and the variables again.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { renderTemplateBody } from '@switchboard/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendTemplate, useTemplates } from '../../../api/cloud';
import { useToast } from '../../../components/Toasts';

const keyOf = (t: { name: string; language: string }) => `${t.name}|${t.language}`;

export function TemplateDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const templates = useTemplates(ticketId, true);
  const send = useSendTemplate(ticketId);
  const [chosen, setChosen] = useState('');
  const [variables, setVariables] = useState<string[]>([]);
  // One key per opened dialog: a double click sends once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const template = useMemo(() => templates.data?.find((x) => keyOf(x) === chosen), [templates.data, chosen]);
  const filled = template ? variables.slice(0, template.variables) : [];
  const complete = !!template && filled.length === template.variables && filled.every((v) => v.trim() !== '');

  const submit = async () => {
    if (!template || !complete) return;
    try {
      await send.mutateAsync({ name: template.name, language: template.language, variables: filled.map((v) => v.trim()), idempotencyKey });
      toast.success(t('cloud.templates.sent'));
      onClose();
    } catch (err) {
      toast.error(err);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="template-dialog">
      <DialogTitle>{t('cloud.templates.title')}</DialogTitle>
      <DialogContent>
        {templates.isLoading && <CircularProgress size={24} />}
        {templates.isError && <Alert severity="error">{t('cloud.templates.loadError')}</Alert>}
        {templates.data?.length === 0 && <Typography color="text.secondary">{t('cloud.templates.none')}</Typography>}
        {!!templates.data?.length && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label={t('cloud.templates.template')}
              value={chosen}
              onChange={(e) => {
                setChosen(e.target.value);
                setVariables([]);
              }}
              slotProps={{ htmlInput: { 'data-testid': 'template-select' } }}
            >
              {templates.data.map((x) => (
                <MenuItem key={keyOf(x)} value={keyOf(x)} data-testid={`template-option-${x.name}`}>
                  {x.name} ({x.language})
                </MenuItem>
              ))}
            </TextField>
            {template &&
              Array.from({ length: template.variables }, (_, i) => (
                <TextField
                  key={i}
                  label={t('cloud.templates.variable', { n: i + 1 })}
                  value={variables[i] ?? ''}
                  onChange={(e) => setVariables((v) => Object.assign([...v], { [i]: e.target.value }))}
                  slotProps={{ htmlInput: { 'data-testid': `template-variable-${i + 1}`, maxLength: 1024 } }}
                />
              ))}
            {template && (
              <Paper variant="outlined" sx={{ p: 1.5 }}>
                <Typography variant="caption" color="text.secondary">
                  {t('cloud.templates.preview')}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview">
                  {renderTemplateBody(template.body, filled)}
                </Typography>
              </Paper>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!complete || send.isPending} onClick={() => void submit()} data-testid="template-send">
          {t('cloud.templates.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
