/**
 * The list pane (spec §2 Tickets): search (500 ms; a Search tab while text is typed, back to Open
 * when cleared), the tabs, New ticket, the admin's show-all switch (remembered) and the sector
 * filter. The Open and Pending lists are always loaded: their counts are the tab badges.
 */
import AddIcon from '@mui/icons-material/Add';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { SEARCH_DEBOUNCE_MS } from '@switchboard/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TicketListFilter } from '../../../api/ticketListCache';
import { useTicketsInfinite } from '../../../api/tickets';
import { SearchField } from '../../../components/SearchField';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { useStoredState } from '../../../components/useStoredState';
import { NewTicketDialog } from '../dialogs/NewTicketDialog';
import { ShortcutsHelp } from '../shortcuts/ShortcutsHelp';
import { useViewer } from '../useViewer';
import { SectorFilter } from './SectorFilter';
import { TicketsList } from './TicketsList';
import { TicketsTabs, type TicketsTab } from './TicketsTabs';

const SHOW_ALL_KEY = 'ticketsShowAll';

export function TicketsListPane({ selectedId }: { selectedId: number | null }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [tab, setTab] = useState<TicketsTab>('open');
  const [storedShowAll, setShowAll] = useStoredState(SHOW_ALL_KEY, false);
  const showAll = viewer.mayShowAll && storedShowAll;
  const [sectorIds, setSectorIds] = useState<number[]>(() => viewer.sectors.map((s) => s.id));
  const [creating, setCreating] = useState(false);

  // Typing opens the Search tab; emptying the box goes back to Open (spec §2).
  const wasSearching = useRef(false);
  useEffect(() => {
    const searching = typed.trim() !== '';
    if (searching && !wasSearching.current) setTab('search');
    if (!searching && wasSearching.current) setTab('open');
    wasSearching.current = searching;
  }, [typed]);

  const filters = useMemo(() => {
    const base: TicketListFilter = { showAll, queueIds: sectorIds };
    return {
      open: { ...base, status: 'open', isGroup: 'false' },
      pending: { ...base, status: 'pending', isGroup: 'false' },
      closed: { ...base, status: 'closed', isGroup: 'false' },
      groups: { ...base, isGroup: 'true' },
      search: { ...base, searchParam: search },
    } satisfies Record<TicketsTab, TicketListFilter>;
  }, [showAll, sectorIds, search]);

  const openList = useTicketsInfinite(filters.open);
  const pendingList = useTicketsInfinite(filters.pending);
  const countOf = (list: typeof openList) => ({ count: list.data?.pages[0]?.count ?? 0, capped: !!list.data?.pages[0]?.countCapped });
  const counts = { open: countOf(openList), pending: countOf(pendingList) };
  const activeTab = tab === 'search' && !typed.trim() ? 'open' : tab;

  // A ticket accepted from Pending or reopened from Closed opens in the chat; the list follows it
  // to the Open tab (the tab it left no longer holds it).
  const selectedIsOpen = selectedId != null && !!openList.data?.pages.some((p) => p.tickets.some((t) => t.id === selectedId));
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the tab is user state that an accepted or reopened ticket moves once
    if ((tab === 'pending' || tab === 'closed') && selectedIsOpen) setTab('open');
  }, [tab, selectedIsOpen]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="tickets-list-pane">
      <Box sx={{ display: 'flex', gap: 1, p: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 160, '& .MuiTextField-root': { width: '100%' } }}>
          <SearchField value={typed} onChange={setTyped} testId="tickets-search" />
        </Box>
        <ShortcutsHelp />
        <Tooltip title={t('tickets.board.open')}>
          <IconButton onClick={() => void navigate('/tickets/board')} aria-label={t('tickets.board.open')} data-testid="tickets-board-open">
            <ViewKanbanIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('tickets.newTicket')}>
          <IconButton color="primary" onClick={() => setCreating(true)} data-testid="new-ticket" aria-label={t('tickets.newTicket')}>
            <AddIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, px: 1, pb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {viewer.mayShowAll && (
          <FormControlLabel
            control={<Switch size="small" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} data-testid="show-all" />}
            label={t('tickets.showAll')}
            sx={{ mr: 'auto', ml: 0 }}
          />
        )}
        <SectorFilter sectors={viewer.sectors} selected={sectorIds} onChange={setSectorIds} />
      </Box>
      <TicketsTabs value={activeTab} onChange={setTab} counts={counts} searching={!!typed.trim()} />
      <TicketsList filter={filters[activeTab]} selectedId={selectedId} />
      {creating && <NewTicketDialog onClose={() => setCreating(false)} />}
    </Box>
  );
}
