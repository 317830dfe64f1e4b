/**
 * /import — bring a Whaticket-family install over (admins only, route and server): the source
 * database, the media folder (a folder under the data directory's import folder), a dry run first.
 * While it runs, each table's progress and a button to cancel it; then what was imported, what was
 * skipped and why. Security settings (API token, sign-up, allTicket) keep their value here unless
 * the administrator ticks them; the job lists each one the source would change, old → new.
 * A MySQL/MariaDB source's times carry no zone: the administrator says which (-03:00 unless the old
 * install was configured otherwise), and the dry run shows the zone it read them in.
 * After a real import the server compares every imported row with its source: the counts per
 * table and each difference (unexplained ones first), or that there is none; "Verify again" reruns it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormGroup from '@mui/material/FormGroup';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_SOURCE_TIMEZONE,
  SECURITY_SETTING_KEYS,
  whaticketImportStartSchema,
  type ImportJobDTO,
  type ImportVerificationDTO,
  type WhaticketImportStartInput,
} from '@switchboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useCancelImport, useImportJob, useStartImport, useVerifyImport } from '../../api/whaticketImport';
import { MainHeader } from '../../components/MainHeader';
import { useToast } from '../../components/Toasts';
import { useFieldMessage } from '../../components/useFieldMessage';
import { translateError } from '../../errors/translateError';

export default function WhaticketImportPage() {
  const { t } = useTranslation();
  const job = useImportJob();
  const running = job.data?.status === 'running';
  // A new attempt puts the last import's outcome out of date: a failure shown after it would read
  // as this attempt's. The finished import it replaced stays hidden (a running one always shows).
  const [superseded, setSuperseded] = useState<string | null>(null);
  const shown = job.data && (job.data.status === 'running' || job.data.startedAt !== superseded) ? job.data : null;
  // An import writes connections, attendants, sectors, tags, settings… without telling the open
  // screens: once one has ended, everything this tab holds is read again.
  const queryClient = useQueryClient();
  const ended = job.data && !job.data.dryRun && job.data.status !== 'running' ? job.data.finishedAt : null;
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'imports' });
  }, [ended, queryClient]);
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 960 }}>
      <MainHeader title={t('whaticketImport.title')} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography sx={{ mb: 2 }}>{t('whaticketImport.intro')}</Typography>
        <ImportForm disabled={running} onAttempt={() => setSuperseded(job.data?.startedAt ?? null)} />
      </Paper>
      {shown && <JobView job={shown} />}
    </Box>
  );
}

function ImportForm({ disabled, onAttempt }: { disabled: boolean; onAttempt: () => void }) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const start = useStartImport();
  const { control, handleSubmit } = useForm<z.input<typeof whaticketImportStartSchema>, unknown, WhaticketImportStartInput>({
    resolver: zodResolver(whaticketImportStartSchema),
    defaultValues: { from: '', media: '', dryRun: true, sourceTimeZone: DEFAULT_SOURCE_TIMEZONE, takeSettings: [] },
  });
  const onSubmit = handleSubmit((values) => {
    onAttempt();
    // A refusal shows under the form (start.error) until the next attempt clears it.
    start.mutate(values);
  });
  return (
    <Stack component="form" spacing={2} onSubmit={(e) => void onSubmit(e)} noValidate>
      <Controller
        control={control}
        name="from"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={t('whaticketImport.from')}
            placeholder={t('whaticketImport.fromExample')}
            error={!!fieldState.error}
            helperText={message(fieldState.error?.message) ?? t('whaticketImport.fromHint')}
            slotProps={{ htmlInput: { 'data-testid': 'import-from', autoComplete: 'off' } }}
            fullWidth
          />
        )}
      />
      <Controller
        control={control}
        name="media"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={t('whaticketImport.media')}
            error={!!fieldState.error}
            helperText={message(fieldState.error?.message) ?? t('whaticketImport.mediaHint')}
            slotProps={{ htmlInput: { 'data-testid': 'import-media' } }}
            fullWidth
          />
        )}
      />
      <Controller
        control={control}
        name="sourceTimeZone"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={t('whaticketImport.sourceTimeZone')}
            error={!!fieldState.error}
            helperText={message(fieldState.error?.message) ?? t('whaticketImport.sourceTimeZoneHint')}
            slotProps={{ htmlInput: { 'data-testid': 'import-source-timezone', autoComplete: 'off' } }}
            sx={{ maxWidth: 320 }}
          />
        )}
      />
      <Controller
        control={control}
        name="dryRun"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                checked={field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                slotProps={{ input: { 'data-testid': 'import-dry-run' } as object }}
              />
            }
            label={t('whaticketImport.dryRun')}
          />
        )}
      />
      <Controller
        control={control}
        name="takeSettings"
        render={({ field }) => {
          const chosen = field.value ?? [];
          return (
            <Box>
              <Typography variant="subtitle2">{t('whaticketImport.takeSettings')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('whaticketImport.takeSettingsHint')}
              </Typography>
              <FormGroup row>
                {SECURITY_SETTING_KEYS.map((key) => (
                  <FormControlLabel
                    key={key}
                    control={
                      <Checkbox
                        checked={chosen.includes(key)}
                        onChange={(e) => field.onChange(e.target.checked ? [...chosen, key] : chosen.filter((k) => k !== key))}
                        slotProps={{ input: { 'data-testid': `import-take-${key}` } as object }}
                      />
                    }
                    label={t(`whaticketImport.setting.${key}`)}
                  />
                ))}
              </FormGroup>
            </Box>
          );
        }}
      />
      {start.isError && (
        <Alert severity="error" data-testid="import-start-error">
          {translateError(t, start.error)}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={disabled || start.isPending} data-testid="import-start">
          {t('whaticketImport.start')}
        </Button>
      </Box>
    </Stack>
  );
}

/** A button's action whose refusal is shown as a toast (the page stays as it was). */
function useToastOnFailure(action: () => Promise<unknown>): () => Promise<void> {
  const toast = useToast();
  return async () => {
    try {
      await action();
    } catch (err) {
      toast.error(err);
    }
  };
}

function JobView({ job }: { job: ImportJobDTO }) {
  const { t } = useTranslation();
  const cancel = useCancelImport();
  const onCancel = useToastOnFailure(() => cancel.mutateAsync());
  return (
    <Paper
      variant="outlined"
      sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}
      data-testid="import-job"
      data-status={job.status}
    >
      {job.status === 'running' && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => void onCancel()} disabled={cancel.isPending} data-testid="import-cancel">
              {t('whaticketImport.cancel')}
            </Button>
          }
        >
          {t(job.dryRun ? 'whaticketImport.runningDry' : 'whaticketImport.running')}
        </Alert>
      )}
      {job.status === 'cancelled' && (
        <Alert severity="warning">{t(job.dryRun ? 'whaticketImport.cancelledDry' : 'whaticketImport.cancelled')}</Alert>
      )}
      {job.status === 'failed' && <Alert severity="error">{t('whaticketImport.failed', { reason: job.error ?? '' })}</Alert>}
      {job.status === 'done' && (
        <Alert severity="success">
          {t(job.dryRun ? 'whaticketImport.doneDry' : 'whaticketImport.done', { variant: job.variant ?? '' })}
        </Alert>
      )}
      {job.sourceTimeZone && (
        <Typography variant="body2" data-testid="import-timezone">
          {t('whaticketImport.timesReadIn', { zone: job.sourceTimeZone === 'Z' ? 'UTC' : `UTC${job.sourceTimeZone}` })}
        </Typography>
      )}
      {job.status === 'running' &&
        job.progress.map((p) => (
          <Box key={p.table}>
            <Typography variant="body2">
              {p.table} — {p.done}/{p.total}
            </Typography>
            <LinearProgress variant="determinate" value={p.total > 0 ? (100 * p.done) / p.total : 100} />
          </Box>
        ))}
      {job.summary.length > 0 && (
        <Table size="small" data-testid="import-summary">
          <TableHead>
            <TableRow>
              <TableCell>{t('whaticketImport.table')}</TableCell>
              <TableCell align="right">{t(job.dryRun ? 'whaticketImport.wouldImport' : 'whaticketImport.imported')}</TableCell>
              <TableCell align="right">{t('whaticketImport.already')}</TableCell>
              <TableCell align="right">{t('whaticketImport.skipped')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {job.summary.map((s) => (
              <TableRow key={s.table} data-testid={`import-summary-${s.table}`}>
                <TableCell>{s.table}</TableCell>
                <TableCell align="right">{s.imported}</TableCell>
                <TableCell align="right">{s.already}</TableCell>
                <TableCell align="right">{s.skipped}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {job.settingChoices.length > 0 && (
        <Box>
          <Typography variant="subtitle2">{t('whaticketImport.settingChoices')}</Typography>
          <Table size="small" data-testid="import-setting-choices">
            <TableHead>
              <TableRow>
                <TableCell>{t('whaticketImport.settingName')}</TableCell>
                <TableCell>{t('whaticketImport.settingCurrent')}</TableCell>
                <TableCell>{t('whaticketImport.settingIncoming')}</TableCell>
                <TableCell>{t('whaticketImport.settingOutcome')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {job.settingChoices.map((c) => (
                <TableRow key={c.key} data-testid={`import-setting-${c.key}`}>
                  <TableCell>{t(`whaticketImport.setting.${c.key}`)}</TableCell>
                  <TableCell>{c.current}</TableCell>
                  <TableCell>{c.incoming}</TableCell>
                  <TableCell>
                    {t(
                      c.taken
                        ? job.dryRun
                          ? 'whaticketImport.settingWouldTake'
                          : 'whaticketImport.settingTaken'
                        : 'whaticketImport.settingKept',
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {job.unknownColumns.length > 0 && (
        <Alert severity="warning">{t('whaticketImport.unknownColumns', { columns: job.unknownColumns.join(', ') })}</Alert>
      )}
      {job.skipped.length > 0 && (
        <Box>
          <Typography variant="subtitle2">{t('whaticketImport.skippedRows', { count: job.skippedTotal })}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="import-skipped">
            {job.skipped.map((s) => (
              <li key={`${s.table}-${s.id}`}>
                {s.table} {s.id}: {s.reason}
              </li>
            ))}
          </Box>
        </Box>
      )}
      {job.changed.length > 0 && (
        <Box>
          <Typography variant="subtitle2">{t('whaticketImport.changedValues', { count: job.changedTotal })}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="import-changed">
            {job.changed.map((c) => (
              <li key={`${c.table}-${c.id}-${c.field}`}>
                {c.table} {c.id} {c.field}: {c.reason}
              </li>
            ))}
          </Box>
        </Box>
      )}
      {job.notes.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="import-notes">
          {job.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </Box>
      )}
      {job.status === 'done' && !job.dryRun && <VerificationView verification={job.verification} />}
    </Paper>
  );
}

/** The comparison of the import with its source, as the CLI's --verify prints it. */
function VerificationView({ verification }: { verification: ImportVerificationDTO | null }) {
  const { t } = useTranslation();
  const verify = useVerifyImport();
  const cancel = useCancelImport();
  const running = verification?.status === 'running';
  const onVerify = useToastOnFailure(() => verify.mutateAsync());
  const onCancel = useToastOnFailure(() => cancel.mutateAsync());
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
      data-testid="import-verification"
      data-status={verification?.status ?? 'none'}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" sx={{ flexGrow: 1 }}>
          {t('whaticketImport.verification.title')}
        </Typography>
        {running ? (
          <Button size="small" onClick={() => void onCancel()} disabled={cancel.isPending} data-testid="import-verification-cancel">
            {t('whaticketImport.cancel')}
          </Button>
        ) : (
          <Button size="small" variant="outlined" onClick={() => void onVerify()} disabled={verify.isPending} data-testid="import-verify">
            {t('whaticketImport.verification.again')}
          </Button>
        )}
      </Stack>
      {running && (
        <Box>
          <Typography variant="body2">{t('whaticketImport.verification.running')}</Typography>
          <LinearProgress />
        </Box>
      )}
      {verification?.status === 'failed' && (
        <Alert severity="error">{t('whaticketImport.verification.failed', { reason: verification.error ?? '' })}</Alert>
      )}
      {verification?.status === 'cancelled' && <Alert severity="warning">{t('whaticketImport.verification.cancelled')}</Alert>}
      {verification?.status === 'done' && <VerificationOutcome verification={verification} />}
    </Box>
  );
}

function VerificationOutcome({ verification: v }: { verification: ImportVerificationDTO }) {
  const { t } = useTranslation();
  const explained = v.differencesTotal - v.unexplained;
  const same = (ok: boolean) => t(ok ? 'whaticketImport.verification.same' : 'whaticketImport.verification.differ');
  return (
    <>
      <Alert severity={v.unexplained > 0 ? 'error' : 'success'} data-testid="import-verification-outcome">
        {v.differencesTotal === 0
          ? t('whaticketImport.verification.none')
          : v.unexplained === 0
            ? t('whaticketImport.verification.allExplained', { count: explained })
            : t('whaticketImport.verification.unexplained', { count: v.unexplained, explained })}
      </Alert>
      <Table size="small" data-testid="import-verification-tables">
        <TableHead>
          <TableRow>
            <TableCell>{t('whaticketImport.table')}</TableCell>
            <TableCell align="right">{t('whaticketImport.verification.sourceRows')}</TableCell>
            <TableCell align="right">{t('whaticketImport.imported')}</TableCell>
            <TableCell align="right">{t('whaticketImport.verification.notImported')}</TableCell>
            <TableCell>{t('whaticketImport.verification.times')}</TableCell>
            <TableCell>{t('whaticketImport.verification.texts')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {v.tables.map((c) => (
            <TableRow key={c.table} data-testid={`import-verification-${c.table}`}>
              <TableCell>{c.table}</TableCell>
              <TableCell align="right">{c.sourceRows}</TableCell>
              <TableCell align="right">{c.imported}</TableCell>
              <TableCell align="right">{c.notImported}</TableCell>
              <TableCell>{same(c.timesSame)}</TableCell>
              <TableCell>{same(c.textsSame)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" data-testid="import-verification-media">
        {t('whaticketImport.verification.media', { identical: v.media.identical, compared: v.media.compared })}
      </Typography>
      {v.differences.length > 0 && (
        <Box>
          <Typography variant="subtitle2">
            {v.differences.length < v.differencesTotal
              ? t('whaticketImport.verification.firstDifferences', { shown: v.differences.length, count: v.differencesTotal })
              : t('whaticketImport.verification.differences', { count: v.differencesTotal })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="import-verification-differences">
            {v.differences.map((d) => (
              <Box component="li" key={`${d.table}-${d.id}-${d.field}`} sx={{ color: d.explained ? undefined : 'error.main' }}>
                <strong>
                  {t(d.explained ? 'whaticketImport.verification.explained' : 'whaticketImport.verification.unexplainedMark')}
                </strong>{' '}
                {d.table} {d.id} {d.field}: {d.source || '∅'} → {d.imported || '∅'}
                {d.explained
                  ? ` (${d.reason ? t(`whaticketImport.verification.reasons.${d.reason.code}`, d.reason.params) : d.explained})`
                  : ''}
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}
