/** The list tabs (spec §2): Open and Pending with count badges, Closed, Groups, and Search while typing. */
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { tabCount } from './tabCount';

/** A tab's count: `capped` when the server stopped counting (the figure is a lower bound). */
export interface TabCountFacts {
  count: number;
  capped: boolean;
}

export type TicketsTab = 'open' | 'pending' | 'closed' | 'groups' | 'search';

export function TicketsTabs({
  value,
  onChange,
  counts,
  searching,
}: {
  value: TicketsTab;
  onChange: (tab: TicketsTab) => void;
  counts: { open: TabCountFacts; pending: TabCountFacts };
  searching: boolean;
}) {
  const { t, i18n } = useTranslation();
  const counted = (label: string, { count, capped }: TabCountFacts, testId: string) => {
    if (count === 0) return label;
    const shown = tabCount(count, capped, i18n.language);
    // The count sits beside the label, in the line, not over its corner: a wide count ("1K+",
    // "1 mil+") then takes its own room instead of covering the label's last letters.
    const pill = (
      <Box
        component="span"
        data-testid={testId}
        sx={{
          ml: 0.375,
          px: 0.5,
          minWidth: 18,
          height: 18,
          borderRadius: 9,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
          fontSize: '0.68rem',
          fontWeight: 500,
          lineHeight: 1,
          whiteSpace: 'nowrap',
          // Not upper case like the label: "1 mil+", as the tooltip and the rest of the app write it.
          textTransform: 'none',
        }}
      >
        {shown.short}
      </Box>
    );
    return (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
        <span data-testid={`${testId}-label`}>{label}</span>
        {shown.atLeast ? <Tooltip title={t('tickets.countAtLeast', { count: shown.atLeast })}>{pill}</Tooltip> : pill}
      </Box>
    );
  };
  return (
    <Tabs
      value={value}
      onChange={(_e, tab: TicketsTab) => onChange(tab)}
      variant="scrollable"
      scrollButtons="auto"
      // On a touch screen too: a tab that does not fit gets an arrow, not a label cut at the edge.
      allowScrollButtonsMobile
      data-testid="tickets-tabs"
      // Compact tabs so the longest language (Portuguese: ABERTOS, AGUARDANDO, RESOLVIDOS, GRUPOS, with
      // count badges) fits the list's width without a scroll arrow, down to a 390 px phone.
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        minHeight: 42,
        '& .MuiTab-root': {
          minHeight: 42,
          minWidth: 0,
          px: { xs: 0.625, sm: 1.25 },
          fontSize: { xs: '0.75rem', sm: '0.8rem' },
          letterSpacing: 0,
        },
      }}
    >
      {searching && <Tab value="search" label={t('tickets.tabs.search')} data-testid="tab-search" />}
      <Tab value="open" label={counted(t('tickets.tabs.open'), counts.open, 'count-open')} data-testid="tab-open" />
      <Tab value="pending" label={counted(t('tickets.tabs.pending'), counts.pending, 'count-pending')} data-testid="tab-pending" />
      <Tab value="closed" label={t('tickets.tabs.closed')} data-testid="tab-closed" />
      <Tab value="groups" label={t('tickets.tabs.groups')} data-testid="tab-groups" />
    </Tabs>
  );
}
