/** The filter bar of spec §2 Dashboard: date or period, tag, user (admins), sector, Filtrar. */
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { DASHBOARD_PERIODS_DAYS } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import type { DashboardFilter, DashboardPeriod } from '../../api/dashboard';
import { DateField } from '../../components/DateField';

export interface Option {
  id: number;
  name: string;
}

interface Props {
  value: DashboardFilter;
  onChange: (next: DashboardFilter) => void;
  onSubmit: () => void;
  tags: Option[];
  users: Option[] | null;
  sectors: Option[];
}

const idOrEmpty = (v: string): number | '' => (v === '' ? '' : Number(v));

export function DashboardFilters({ value, onChange, onSubmit, tags, users, sectors }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<DashboardFilter>) => onChange({ ...value, ...patch });
  const field = { size: 'small' as const, sx: { minWidth: 160 } };
  const select = (testId: string, label: string, current: number | '', options: Option[], onPick: (id: number | '') => void) => (
    <TextField
      {...field}
      select
      label={label}
      value={current === '' ? '' : String(current)}
      onChange={(e) => onPick(idOrEmpty(e.target.value))}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="">{t('dashboard.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Paper
      variant="outlined"
      component="form"
      sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      data-testid="dashboard-filters"
    >
      <TextField
        {...field}
        select
        label={t('dashboard.filterType')}
        value={value.type}
        onChange={(e) => set({ type: e.target.value as DashboardFilter['type'] })}
        slotProps={{ htmlInput: { 'data-testid': 'dashboard-filter-type' } }}
      >
        <MenuItem value="date">{t('dashboard.byDate')}</MenuItem>
        <MenuItem value="period">{t('dashboard.byPeriod')}</MenuItem>
      </TextField>
      {value.type === 'date' ? (
        <>
          <DateField
            sx={field.sx}
            label={t('dashboard.dateFrom')}
            value={value.dateFrom}
            onChange={(dateFrom) => set({ dateFrom })}
            testId="dashboard-date-from"
          />
          <DateField
            sx={field.sx}
            label={t('dashboard.dateTo')}
            value={value.dateTo}
            onChange={(dateTo) => set({ dateTo })}
            testId="dashboard-date-to"
          />
        </>
      ) : (
        <TextField
          {...field}
          select
          label={t('dashboard.period')}
          value={String(value.period)}
          onChange={(e) => set({ period: Number(e.target.value) as DashboardPeriod })}
          slotProps={{ htmlInput: { 'data-testid': 'dashboard-period' } }}
        >
          <MenuItem value="0">{t('dashboard.periodNone')}</MenuItem>
          {DASHBOARD_PERIODS_DAYS.map((d) => (
            <MenuItem key={d} value={String(d)}>
              {t('dashboard.periodDays', { count: d })}
            </MenuItem>
          ))}
        </TextField>
      )}
      {select('dashboard-tag', t('dashboard.tag'), value.tagId, tags, (tagId) => set({ tagId }))}
      {users && select('dashboard-user', t('dashboard.user'), value.userId, users, (userId) => set({ userId }))}
      {select('dashboard-sector', t('dashboard.sector'), value.queueId, sectors, (queueId) => set({ queueId }))}
      <Button type="submit" variant="contained" data-testid="dashboard-submit">
        {t('dashboard.filter')}
      </Button>
    </Paper>
  );
}
