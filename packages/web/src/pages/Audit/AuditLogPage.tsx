/** /audit — who changed what (admins): filters by attendant, action and days; CSV export. */
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTIONS, DATE_FORMAT, TIME_FORMAT, type AuditAction, type AuditRecordDTO } from '@switchboard/shared';
import { format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportAuditLog, useAuditLog, type AuditFilter } from '../../api/audit';
import { useUsersInfinite } from '../../api/users';
import { DateField } from '../../components/DateField';
import { ListTable } from '../../components/ListTable';
import { MainHeader } from '../../components/MainHeader';
import { useToast } from '../../components/Toasts';
import { changeLines } from './changes';

const when = (iso: string) => format(new Date(iso), `${DATE_FORMAT} ${TIME_FORMAT}:ss`);

function Changes({ record }: { record: AuditRecordDTO }) {
  const lines = changeLines(record.before, record.after);
  const full = JSON.stringify({ before: record.before, after: record.after }, null, 2);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, minWidth: 200, maxWidth: 420 }} title={full} data-testid="audit-changes">
      {lines.map((l) => (
        <Typography component="li" variant="body2" key={l.field} sx={{ wordBreak: 'break-word' }}>
          <b>{l.field}</b>: {l.from !== null && l.to !== null ? `${l.from} → ${l.to}` : (l.to ?? l.from)}
        </Typography>
      ))}
    </Box>
  );
}

export default function AuditLogPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [draft, setDraft] = useState<AuditFilter>({});
  const log = useAuditLog(filter);
  const users = useUsersInfinite('').data?.pages.flatMap((p) => p.users) ?? [];
  const rows = log.data?.pages.flatMap((p) => p.records) ?? [];
  const set = (patch: Partial<AuditFilter>) => setDraft((d) => ({ ...d, ...patch }));
  const field = { size: 'small' as const, sx: { minWidth: 180 } };

  return (
    <Box sx={{ p: 2 }}>
      <MainHeader title={t('audit.title')}>
        <Button
          startIcon={<DownloadIcon />}
          data-testid="audit-export"
          onClick={() => void exportAuditLog(filter).catch((err: unknown) => toast.error(err))}
        >
          {t('audit.export')}
        </Button>
      </MainHeader>
      <Paper
        variant="outlined"
        component="form"
        sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
        onSubmit={(e) => {
          e.preventDefault();
          setFilter(draft);
        }}
        data-testid="audit-filters"
      >
        <TextField
          {...field}
          select
          label={t('audit.user')}
          value={draft.actorId === undefined ? '' : String(draft.actorId)}
          onChange={(e) => set({ actorId: e.target.value === '' ? undefined : Number(e.target.value) })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'audit-filter-user' } }}
        >
          <MenuItem value="">{t('audit.all')}</MenuItem>
          {users.map((u) => (
            <MenuItem key={u.id} value={String(u.id)}>
              {u.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field}
          select
          label={t('audit.action')}
          value={draft.action ?? ''}
          onChange={(e) => set({ action: e.target.value === '' ? undefined : (e.target.value as AuditAction) })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'audit-filter-action' } }}
        >
          <MenuItem value="">{t('audit.all')}</MenuItem>
          {AUDIT_ACTIONS.map((a) => (
            <MenuItem key={a} value={a} data-testid={`audit-action-option-${a}`}>
              {t(`audit.actions.${a}`)}
            </MenuItem>
          ))}
        </TextField>
        <DateField
          sx={field.sx}
          label={t('audit.dateFrom')}
          value={draft.dateFrom ?? ''}
          onChange={(v) => set({ dateFrom: v || undefined })}
          testId="audit-date-from"
        />
        <DateField
          sx={field.sx}
          label={t('audit.dateTo')}
          value={draft.dateTo ?? ''}
          onChange={(v) => set({ dateTo: v || undefined })}
          testId="audit-date-to"
        />
        <Button type="submit" variant="contained" data-testid="audit-filter-submit">
          {t('audit.filter')}
        </Button>
      </Paper>
      {/* A wide log scrolls inside its card, never the whole page (phones). */}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <ListTable
          testId="audit-table"
          columns={[
            { key: 'at', label: t('audit.when') },
            { key: 'who', label: t('audit.user') },
            { key: 'action', label: t('audit.action') },
            { key: 'target', label: t('audit.target') },
            { key: 'changes', label: t('audit.changes') },
            { key: 'address', label: t('audit.address') },
          ]}
          footer={
            !log.isLoading && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} data-testid="audit-empty">
                  {log.isError ? t('audit.loadError') : t('audit.empty')}
                </TableCell>
              </TableRow>
            ) : null
          }
        >
          {rows.map((r) => (
            <TableRow key={r.id} data-testid={`audit-row-${r.id}`} data-action={r.action}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(r.at)}</TableCell>
              <TableCell>{r.actorName}</TableCell>
              <TableCell data-testid="audit-action">{t(`audit.actions.${r.action}`, { defaultValue: r.action })}</TableCell>
              <TableCell>
                {t(`audit.targets.${r.targetType}`, { defaultValue: r.targetType })}
                {r.targetId ? ` ${r.targetId}` : ''}
              </TableCell>
              <TableCell>
                <Changes record={r} />
              </TableCell>
              <TableCell>{r.address}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      </Paper>
      {log.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}>
          <Button onClick={() => void log.fetchNextPage()}>{t('audit.more')}</Button>
        </Box>
      )}
    </Box>
  );
}
