/**
 * /campaigns — for admins and users granted the campaigns permission: the list, a campaign's
 * recipients with their status live (realtime), start / pause / resume / cancel, CSV export.
 */
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DATE_FORMAT,
  RECIPIENT_STATUSES,
  TIME_FORMAT,
  type CampaignDTO,
  type CampaignStatus,
  type RecipientStatus,
} from '@switchboard/shared';
import { format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canRunCampaigns,
  exportCampaignRecipients,
  useCampaign,
  useCampaignRecipients,
  useCampaigns,
  useCampaignsLive,
  useCampaignStep,
} from '../../api/campaigns';
import { useAuth } from '../../auth/AuthProvider';
import { AttachmentLine } from '../../components/AttachmentPicker';
import { ListTable } from '../../components/ListTable';
import { MainHeader } from '../../components/MainHeader';
import { NoPermission } from '../../components/NoPermission';
import { useToast } from '../../components/Toasts';
import { CampaignDialog } from './CampaignDialog';

const when = (iso: string | null) => (iso ? format(new Date(iso), `${DATE_FORMAT} ${TIME_FORMAT}`) : '');

const STATUS_COLOR: Record<CampaignStatus, 'default' | 'primary' | 'success' | 'warning' | 'error'> = {
  draft: 'default',
  scheduled: 'primary',
  running: 'primary',
  paused: 'warning',
  stopped: 'error',
  cancelled: 'default',
  finished: 'success',
};

/** What has gone out of all recipients (sent or beyond, failed and skipped count as done). */
const doneOf = (c: CampaignDTO) => c.total - c.counts.queued - c.counts.sending;

function Steps({ campaign, onEdit }: { campaign: CampaignDTO; onEdit: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const step = useCampaignStep();
  const run = (s: 'start' | 'pause' | 'resume' | 'cancel') => {
    if (s === 'cancel' && !window.confirm(t('campaigns.cancelConfirm'))) return;
    step.mutate({ id: campaign.id, step: s }, { onError: (err) => toast.error(err) });
  };
  const status = campaign.status;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {(status === 'draft' || status === 'scheduled') && (
        <Button onClick={onEdit} data-testid="campaign-edit">
          {t('common.edit')}
        </Button>
      )}
      {status === 'draft' && (
        <Button variant="contained" onClick={() => run('start')} data-testid="campaign-start">
          {t('campaigns.start')}
        </Button>
      )}
      {(status === 'scheduled' || status === 'running') && (
        <Button onClick={() => run('pause')} data-testid="campaign-pause">
          {t('campaigns.pause')}
        </Button>
      )}
      {(status === 'paused' || status === 'stopped') && (
        <Button variant="contained" onClick={() => run('resume')} data-testid="campaign-resume">
          {t('campaigns.resume')}
        </Button>
      )}
      {status !== 'cancelled' && status !== 'finished' && (
        <Button color="error" onClick={() => run('cancel')} data-testid="campaign-cancel">
          {t('campaigns.cancel')}
        </Button>
      )}
      <Button
        startIcon={<DownloadIcon />}
        onClick={() => void exportCampaignRecipients(campaign.id).catch((err: unknown) => toast.error(err))}
        data-testid="campaign-export"
      >
        {t('campaigns.export')}
      </Button>
    </Box>
  );
}

/** Why the campaign is not sending now, as the server saw it (start time, pause, connection, hours, pacing). */
function WaitingNote({ campaign }: { campaign: CampaignDTO }) {
  const { t } = useTranslation();
  const waiting = campaign.waiting;
  if (!waiting) return null;
  const until = waiting.until ? when(waiting.until) : '';
  const key = waiting.reason === 'gap' && !until ? 'gapNoTime' : waiting.reason;
  const severity =
    waiting.reason === 'disconnected' ? 'error' : waiting.reason === 'scheduled' || waiting.reason === 'gap' ? 'info' : 'warning';
  return (
    <Alert severity={severity} data-testid="campaign-waiting" data-reason={waiting.reason}>
      {t(`campaigns.waiting.${key}`, { until })}
    </Alert>
  );
}

function CampaignDetail({ id, onBack, onEdit }: { id: number; onBack: () => void; onEdit: (c: CampaignDTO) => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<RecipientStatus | ''>('');
  const campaign = useCampaign(id).data;
  const page = useCampaignRecipients(id, filter || undefined).data;
  if (!campaign) return <LinearProgress />;
  return (
    <Box data-testid="campaign-detail" data-status={campaign.status}>
      <Button onClick={onBack} sx={{ mb: 1 }}>
        ← {t('campaigns.back')}
      </Button>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6">{campaign.name}</Typography>
          <Chip
            size="small"
            color={STATUS_COLOR[campaign.status]}
            label={t(`campaigns.statuses.${campaign.status}`)}
            data-testid="campaign-status"
          />
          <Typography variant="body2" color="text.secondary">
            {campaign.connection.name} · {t('campaigns.total', { count: campaign.total })}
          </Typography>
        </Box>
        <WaitingNote campaign={campaign} />
        {campaign.stopReason && (
          <Alert severity="error" data-testid="campaign-stop-reason">
            {t('campaigns.stopReason', { reason: campaign.stopReason })}
          </Alert>
        )}
        <LinearProgress variant="determinate" value={campaign.total ? (doneOf(campaign) / campaign.total) * 100 : 0} />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="campaign-counts">
          {RECIPIENT_STATUSES.map((s) => (
            <Chip
              key={s}
              size="small"
              variant={filter === s ? 'filled' : 'outlined'}
              label={`${t(`campaigns.recipientStatuses.${s}`)}: ${campaign.counts[s]}`}
              data-testid={`campaign-count-${s}`}
              data-count={campaign.counts[s]}
              onClick={() => setFilter(filter === s ? '' : s)}
            />
          ))}
        </Box>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {campaign.body}
        </Typography>
        <AttachmentLine media={campaign.media} testId="campaign-media-line" />
        <Steps campaign={campaign} onEdit={() => onEdit(campaign)} />
      </Paper>
      {/* Wide tables scroll inside their card, never the whole page (phones). */}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Box sx={{ p: 1 }}>
          <TextField
            size="small"
            select
            label={t('campaigns.status')}
            value={filter}
            onChange={(e) => setFilter(e.target.value as RecipientStatus | '')}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('campaigns.filterAll')}</MenuItem>
            {RECIPIENT_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`campaigns.recipientStatuses.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <ListTable
          testId="campaign-recipients"
          columns={[
            { key: 'name', label: t('campaigns.name') },
            { key: 'number', label: t('campaigns.number') },
            { key: 'status', label: t('campaigns.status') },
            { key: 'reason', label: t('campaigns.reason') },
            { key: 'sentAt', label: t('campaigns.sentAt') },
          ]}
        >
          {(page?.recipients ?? []).map((r) => (
            <TableRow key={r.id} data-testid={`campaign-recipient-${r.number}`} data-status={r.status}>
              <TableCell>{r.name}</TableCell>
              <TableCell>{r.number}</TableCell>
              <TableCell data-testid="recipient-status">{t(`campaigns.recipientStatuses.${r.status}`)}</TableCell>
              <TableCell data-testid="recipient-reason">
                {/* A channel's refusal is one of the API's error codes (Cloud API), said in words like in the chat. */}
                {r.reason ? t(`campaigns.reasons.${r.reason}`, { defaultValue: t(`errors.${r.reason}`, { defaultValue: r.reason }) }) : ''}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(r.sentAt)}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      </Paper>
    </Box>
  );
}

export default function CampaignsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const allowed = canRunCampaigns(user);
  useCampaignsLive();
  const list = useCampaigns();
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState<CampaignDTO | 'new' | null>(null);
  if (!allowed) return <NoPermission />;

  return (
    <Box sx={{ p: 2 }}>
      <MainHeader title={t('campaigns.title')}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="campaign-add">
          {t('campaigns.add')}
        </Button>
      </MainHeader>
      {selected != null ? (
        <CampaignDetail id={selected} onBack={() => setSelected(null)} onEdit={(c) => setEditing(c)} />
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <ListTable
            testId="campaigns-table"
            columns={[
              { key: 'name', label: t('campaigns.name') },
              { key: 'connection', label: t('campaigns.connection') },
              { key: 'status', label: t('campaigns.status') },
              { key: 'progress', label: t('campaigns.progress') },
              { key: 'startAt', label: t('campaigns.startAt') },
            ]}
            footer={
              !list.isLoading && (list.data ?? []).length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} data-testid="campaigns-empty">
                    {t('campaigns.empty')}
                  </TableCell>
                </TableRow>
              ) : null
            }
          >
            {(list.data ?? []).map((c) => (
              <TableRow key={c.id} hover sx={{ cursor: 'pointer' }} onClick={() => setSelected(c.id)} data-testid={`campaign-row-${c.id}`}>
                <TableCell>{c.name}</TableCell>
                <TableCell>{c.connection.name}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLOR[c.status]} label={t(`campaigns.statuses.${c.status}`)} />
                </TableCell>
                <TableCell>
                  {doneOf(c)} / {c.total}
                </TableCell>
                <TableCell>{when(c.startAt)}</TableCell>
              </TableRow>
            ))}
          </ListTable>
        </Paper>
      )}
      {editing && (
        <CampaignDialog
          campaign={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) setSelected(saved.id);
          }}
        />
      )}
    </Box>
  );
}
