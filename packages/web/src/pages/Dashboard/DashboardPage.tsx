/**
 * / — Dashboard (spec §2): filters, then three tabs (indicators with a tickets-per-day chart, NPS,
 * attendants). Nothing set in the filter → 'Parametrize o filtro' and no request. Admins see
 * everyone's numbers and may filter by user; attendants get their own (the server enforces it).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dashboardParams,
  defaultDashboardFilter,
  useDashboard,
  useDashboardUsers,
  type DashboardFilter,
  type DashboardParams,
} from '../../api/dashboard';
import { useQueues } from '../../api/queues';
import { useAllTags } from '../../api/tags';
import { useAllowed } from '../../access/useAccess';
import { MainHeader } from '../../components/MainHeader';
import { translateError } from '../../errors/translateError';
import { AttendantsTable } from './AttendantsTable';
import { DashboardFilters } from './DashboardFilters';
import { formatDuration, formatPercent } from './formatDuration';
import { StatCard } from './StatCard';
import { TicketsPerDayChart } from './TicketsPerDayChart';

type TabKey = 'indicators' | 'nps' | 'attendants';

export default function DashboardPage() {
  const { t } = useTranslation();
  const admin = useAllowed('dashboard.everyone');
  const [filter, setFilter] = useState<DashboardFilter>(() => defaultDashboardFilter());
  const [applied, setApplied] = useState<DashboardParams | null>(() => dashboardParams(defaultDashboardFilter()));
  const [missingFilter, setMissingFilter] = useState(false);
  const [tab, setTab] = useState<TabKey>('indicators');

  const tags = useAllTags();
  const sectors = useQueues();
  const usersList = useDashboardUsers(admin);
  const users = admin ? (usersList.data ?? []) : null;
  const dashboard = useDashboard(missingFilter ? null : applied);

  const submit = () => {
    const params = dashboardParams(filter);
    setMissingFilter(params === null);
    if (params) setApplied(params);
  };

  const c = dashboard.data?.counters;
  return (
    <Box sx={{ p: 2 }}>
      <MainHeader title={t('dashboard.title')} />
      <DashboardFilters
        value={filter}
        onChange={setFilter}
        onSubmit={submit}
        tags={(tags.data ?? []).map((x) => ({ id: x.id, name: x.name }))}
        users={users}
        sectors={(sectors.data ?? []).map((x) => ({ id: x.id, name: x.name }))}
      />
      {missingFilter ? (
        <Alert severity="error" data-testid="dashboard-no-filter">
          {t('dashboard.noFilter')} — {t('dashboard.noFilterHint')}
        </Alert>
      ) : dashboard.isError ? (
        <Alert severity="error">{translateError(t, dashboard.error)}</Alert>
      ) : !dashboard.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : (
        <>
          <Tabs value={tab} onChange={(_e, v: TabKey) => setTab(v)} sx={{ mb: 2 }}>
            <Tab value="indicators" label={t('dashboard.tabIndicators')} data-testid="dashboard-tab-indicators" />
            <Tab value="nps" label={t('dashboard.tabNps')} data-testid="dashboard-tab-nps" />
            <Tab value="attendants" label={t('dashboard.tabAttendants')} data-testid="dashboard-tab-attendants" />
          </Tabs>
          {tab === 'indicators' && c && (
            <>
              <Grid container spacing={2}>
                {[
                  ['card-waiting', t('dashboard.waiting'), c.supportPending],
                  ['card-in-service', t('dashboard.inService'), c.supportHappening],
                  ['card-resolved', t('dashboard.resolved'), c.supportFinished],
                  ['card-leads', t('dashboard.leads'), c.leads],
                  ['card-campaign-replies', t('dashboard.campaignReplies'), c.campaignReplies],
                  ['card-avg-support', t('dashboard.avgSupportTime'), formatDuration(c.avgSupportTime)],
                  ['card-avg-wait', t('dashboard.avgWaitTime'), formatDuration(c.avgWaitTime)],
                ].map(([id, label, value]) => (
                  <Grid key={id as string} size={{ xs: 12, sm: 6, md: 4 }}>
                    <StatCard testId={id as string} label={label as string} value={value} />
                  </Grid>
                ))}
              </Grid>
              <TicketsPerDayChart data={dashboard.data.ticketsPerDay} />
            </>
          )}
          {tab === 'nps' && c && (
            <Grid container spacing={2}>
              {[
                ['card-promoters', t('dashboard.promoters'), c.npsPromotersPerc],
                ['card-neutrals', t('dashboard.neutrals'), c.npsPassivePerc],
                ['card-detractors', t('dashboard.detractors'), c.npsDetractorsPerc],
                ['card-score', t('dashboard.score'), c.npsScore],
              ].map(([id, label, value]) => (
                <Grid key={id as string} size={{ xs: 12, sm: 6, md: 3 }}>
                  <StatCard testId={id as string} label={label as string} value={formatPercent(value as number)} />
                </Grid>
              ))}
            </Grid>
          )}
          {tab === 'attendants' && <AttendantsTable attendants={dashboard.data.attendants} />}
        </>
      )}
    </Box>
  );
}
