/**
 * Create or edit a campaign: name, connection, message (or a Cloud API template), the audience
 * (tags, sectors, contacts with tickets, an uploaded CSV of phone,name), the start time and the
 * pacing. Checked with the route's own schema before it is sent.
 */
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  campaignSaveSchema,
  DEFAULT_CAMPAIGN_PACING,
  parseCsv,
  type CampaignAudience,
  type CampaignDTO,
  type CampaignPacing,
} from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentError } from '../../api/attachments';
import { useSaveCampaign } from '../../api/campaigns';
import { useConnections } from '../../api/connections';
import { useQueues } from '../../api/queues';
import { useAllTags } from '../../api/tags';
import { AttachmentPicker, type AttachmentChoice } from '../../components/AttachmentPicker';
import { useToast } from '../../components/Toasts';
import { useFieldMessage } from '../../components/useFieldMessage';

type Csv = { file: string; rows: CampaignAudience['csv'] } | null;

/** Rows of a "phone,name" file; a header row (no digits in its first cell) is skipped. */
function csvRows(text: string): CampaignAudience['csv'] {
  return parseCsv(text)
    .filter((cells) => /\d/.test(cells[0] ?? ''))
    .map((cells) => ({ number: (cells[0] ?? '').replace(/\D/g, ''), name: (cells[1] ?? '').trim() }));
}

/** The i18n key of the label of the field at a schema path (`pacing.hourlyCap` → campaigns.hourlyCap). */
const LABEL_OF: Record<string, string> = {
  name: 'campaigns.name',
  whatsappId: 'campaigns.connection',
  body: 'campaigns.body',
  'template.name': 'campaigns.templateName',
  'template.language': 'campaigns.templateLanguage',
  'template.variables': 'campaigns.templateVariables',
  'audience.recentDays': 'campaigns.recentDays',
  'audience.csv': 'campaigns.csv',
  startAt: 'campaigns.startAt',
  'pacing.minGapSeconds': 'campaigns.minGap',
  'pacing.maxGapSeconds': 'campaigns.maxGap',
  'pacing.hourlyCap': 'campaigns.hourlyCap',
  'pacing.dailyCap': 'campaigns.dailyCap',
  'pacing.warmupStart': 'campaigns.warmupStart',
  'pacing.stopAfterRefusals': 'campaigns.stopAfterRefusals',
  'pacing.stopAfterDisconnects': 'campaigns.stopAfterDisconnects',
  'pacing.cloudTier': 'campaigns.cloudTier',
};

/** The field an issue is about: its path without list positions past the field (`audience.csv.3.number` → `audience.csv`). */
function fieldOf(path: readonly PropertyKey[]): string {
  const names = path.map(String);
  const list = names.findIndex((p) => /^\d+$/.test(p));
  return (list >= 0 ? names.slice(0, list) : names).join('.');
}

/** A datetime-local value in the browser's zone for an ISO time, and back. */
const toLocalInput = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';

export function CampaignDialog({ campaign, onClose }: { campaign: CampaignDTO | null; onClose: (saved?: CampaignDTO) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveCampaign();
  const connections = useConnections().data ?? [];
  const tags = useAllTags().data ?? [];
  const sectors = useQueues().data ?? [];
  const [name, setName] = useState(campaign?.name ?? '');
  const [whatsappId, setWhatsappId] = useState<number | ''>(campaign?.whatsappId ?? '');
  const [body, setBody] = useState(campaign?.body ?? '');
  const [templateName, setTemplateName] = useState(campaign?.template?.name ?? '');
  const [templateLanguage, setTemplateLanguage] = useState(campaign?.template?.language ?? 'pt_BR');
  const [templateVariables, setTemplateVariables] = useState((campaign?.template?.variables ?? []).join('\n'));
  const [tagIds, setTagIds] = useState<number[]>(campaign?.audience.tagIds ?? []);
  const [queueIds, setQueueIds] = useState<number[]>(campaign?.audience.queueIds ?? []);
  const [ticketsFilter, setTicketsFilter] = useState<CampaignAudience['tickets']>(campaign?.audience.tickets ?? 'none');
  const [recentDays, setRecentDays] = useState(campaign?.audience.recentDays ?? 30);
  const [csv, setCsv] = useState<Csv>(campaign?.audience.csv.length ? { file: 'CSV', rows: campaign.audience.csv } : null);
  const [startAt, setStartAt] = useState(toLocalInput(campaign?.startAt ?? null));
  const [pacing, setPacing] = useState<CampaignPacing>(campaign?.pacing ?? { ...DEFAULT_CAMPAIGN_PACING });
  const fieldMessage = useFieldMessage();
  /** Each invalid field's message (schema wording; shown translated). */
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The campaign as saved so far: a refused file leaves the dialog editing it (saving again does not create another). */
  const [saved, setSaved] = useState<CampaignDTO | null>(campaign);
  const [attachment, setAttachment] = useState<AttachmentChoice>({ kind: 'keep' });
  const errorText = (field: string) => fieldMessage(errors[field]);
  const connection = connections.find((c) => c.id === whatsappId);
  const isCloud = connection?.channel === 'whatsapp-cloud';

  const num = (key: Exclude<keyof CampaignPacing, 'warmup' | 'respectWorkHours'>, label: string) => (
    <TextField
      size="small"
      type="number"
      label={label}
      value={pacing[key]}
      onChange={(e) => setPacing((p) => ({ ...p, [key]: Number(e.target.value) }))}
      error={!!errors[`pacing.${key}`]}
      slotProps={{ htmlInput: { min: 0, 'data-testid': `campaign-pacing-${key}` } }}
      sx={{ width: 170 }}
    />
  );
  const flag = (key: 'warmup' | 'respectWorkHours', label: string) => (
    <FormControlLabel
      control={
        <Checkbox
          checked={pacing[key]}
          onChange={(e) => setPacing((p) => ({ ...p, [key]: e.target.checked }))}
          slotProps={{ input: { 'data-testid': `campaign-pacing-${key}` } as object }}
        />
      }
      label={label}
    />
  );

  async function submit() {
    const input = {
      name,
      whatsappId,
      body,
      template:
        isCloud && templateName.trim()
          ? { name: templateName, language: templateLanguage, variables: templateVariables.split('\n').filter((v) => v.trim()) }
          : null,
      audience: { tagIds, queueIds, tickets: ticketsFilter, recentDays, csv: csv?.rows ?? [] },
      pacing,
      startAt: startAt ? new Date(startAt).toISOString() : null,
    };
    const checked = campaignSaveSchema.safeParse(input);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[fieldOf(issue.path)] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const result = await save.mutateAsync({ id: saved?.id, input: checked.data, attachment });
      toast.success(t('campaigns.created'));
      onClose(result);
    } catch (err) {
      if (err instanceof AttachmentError) {
        setSaved(err.saved as CampaignDTO);
        setAttachment({ kind: 'keep' });
        toast.error(err.reason);
      } else toast.error(err);
    }
  }

  return (
    <Dialog open onClose={() => onClose()} maxWidth="md" fullWidth data-testid="campaign-dialog">
      <DialogTitle>{saved ? t('campaigns.edit') : t('campaigns.add')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {Object.keys(errors).length > 0 && (
          <Alert severity="error" data-testid="campaign-errors">
            {Object.keys(errors).map((field) => (
              <div key={field}>
                {LABEL_OF[field] ? `${t(LABEL_OF[field])}: ` : ''}
                {errorText(field)}
              </div>
            ))}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={t('campaigns.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!errors.name}
            helperText={errorText('name')}
            slotProps={{ htmlInput: { 'data-testid': 'campaign-name' } }}
            sx={{ flex: 1, minWidth: 220 }}
          />
          <TextField
            size="small"
            select
            label={t('campaigns.connection')}
            value={whatsappId === '' ? '' : String(whatsappId)}
            onChange={(e) => setWhatsappId(Number(e.target.value))}
            error={!!errors.whatsappId}
            helperText={errorText('whatsappId')}
            slotProps={{ htmlInput: { 'data-testid': 'campaign-connection' } }}
            sx={{ minWidth: 220 }}
          >
            {connections.map((c) => (
              <MenuItem key={c.id} value={String(c.id)} data-testid={`campaign-connection-${c.id}`}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <TextField
          label={t('campaigns.body')}
          multiline
          minRows={3}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          error={!!errors.body}
          helperText={errorText('body') ?? t('campaigns.bodyHint')}
          slotProps={{ htmlInput: { 'data-testid': 'campaign-body' } }}
        />
        {!(isCloud && templateName.trim()) && (
          <AttachmentPicker current={saved?.media ?? null} choice={attachment} onChange={setAttachment} testId="campaign-media" />
        )}
        {isCloud && (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="subtitle2" sx={{ width: '100%' }}>
              {t('campaigns.template')}
            </Typography>
            <TextField
              size="small"
              label={t('campaigns.templateName')}
              value={templateName}
              onChange={(e) => setTemplateName(e.target.value)}
            />
            <TextField
              size="small"
              label={t('campaigns.templateLanguage')}
              value={templateLanguage}
              onChange={(e) => setTemplateLanguage(e.target.value)}
              sx={{ width: 120 }}
            />
            <TextField
              size="small"
              multiline
              label={t('campaigns.templateVariables')}
              value={templateVariables}
              onChange={(e) => setTemplateVariables(e.target.value)}
              sx={{ flex: 1 }}
            />
          </Box>
        )}
        <Typography variant="subtitle2">{t('campaigns.audience')}</Typography>
        <Autocomplete
          multiple
          size="small"
          options={tags}
          getOptionLabel={(o) => o.name}
          value={tags.filter((tag) => tagIds.includes(tag.id))}
          onChange={(_, v) => setTagIds(v.map((x) => x.id))}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('campaigns.tags')}
              slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'campaign-tags' } }}
            />
          )}
        />
        <Autocomplete
          multiple
          size="small"
          options={sectors}
          getOptionLabel={(o) => o.name}
          value={sectors.filter((q) => queueIds.includes(q.id))}
          onChange={(_, v) => setQueueIds(v.map((x) => x.id))}
          renderInput={(params) => <TextField {...params} label={t('campaigns.sectors')} />}
        />
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            select
            label={t('campaigns.tickets')}
            value={ticketsFilter}
            onChange={(e) => setTicketsFilter(e.target.value as CampaignAudience['tickets'])}
            sx={{ minWidth: 280 }}
            slotProps={{ htmlInput: { 'data-testid': 'campaign-tickets' } }}
          >
            <MenuItem value="none">{t('campaigns.ticketsNone')}</MenuItem>
            <MenuItem value="open">{t('campaigns.ticketsOpen')}</MenuItem>
            <MenuItem value="recent">{t('campaigns.ticketsRecent')}</MenuItem>
          </TextField>
          {ticketsFilter === 'recent' && (
            <TextField
              size="small"
              type="number"
              label={t('campaigns.recentDays')}
              value={recentDays}
              onChange={(e) => setRecentDays(Number(e.target.value))}
              sx={{ width: 100 }}
            />
          )}
          <Button component="label" variant="outlined">
            {t('campaigns.csv')}
            <input
              hidden
              type="file"
              accept=".csv,text/csv,text/plain"
              data-testid="campaign-csv"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                void file.text().then((text) => setCsv({ file: file.name, rows: csvRows(text) }));
                e.target.value = '';
              }}
            />
          </Button>
          {csv && (
            <>
              <Typography variant="body2" data-testid="campaign-csv-loaded">
                {t('campaigns.csvLoaded', { count: csv.rows.length, file: csv.file })}
              </Typography>
              <Button size="small" onClick={() => setCsv(null)}>
                {t('campaigns.csvClear')}
              </Button>
            </>
          )}
        </Box>
        <TextField
          size="small"
          type="datetime-local"
          label={t('campaigns.startAt')}
          value={startAt}
          onChange={(e) => setStartAt(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'campaign-start-at' } }}
          sx={{ maxWidth: 300 }}
        />
        <Typography variant="subtitle2">{t('campaigns.pacing')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('campaigns.pacingHint')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          {isCloud ? (
            num('cloudTier', t('campaigns.cloudTier'))
          ) : (
            <>
              {num('minGapSeconds', t('campaigns.minGap'))}
              {num('maxGapSeconds', t('campaigns.maxGap'))}
              {num('hourlyCap', t('campaigns.hourlyCap'))}
              {num('dailyCap', t('campaigns.dailyCap'))}
              {flag('warmup', t('campaigns.warmup'))}
              {pacing.warmup && num('warmupStart', t('campaigns.warmupStart'))}
              {flag('respectWorkHours', t('campaigns.respectWorkHours'))}
              {num('stopAfterDisconnects', t('campaigns.stopAfterDisconnects'))}
            </>
          )}
          {num('stopAfterRefusals', t('campaigns.stopAfterRefusals'))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending} data-testid="campaign-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
