/**
 * One tab's tickets: the pages of GET /tickets merged by id, the next page asked for within 100 px
 * of the bottom (only when there is more and nothing is loading, spec §9). The keyboard's next and
 * previous ticket walk this list in the order shown.
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { TicketDTO } from '@switchboard/shared';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mergePagesById } from '../../../api/cacheUpdates';
import type { TicketListFilter } from '../../../api/ticketListCache';
import { useTicketsInfinite } from '../../../api/tickets';
import { useInfiniteScroll } from '../../../components/useInfiniteScroll';
import { SHORTCUT_KEYS } from '../shortcuts/shortcutKey';
import { useShortcuts } from '../shortcuts/useShortcuts';
import { TicketListItem } from './TicketListItem';

export function TicketsList({ filter, selectedId }: { filter: TicketListFilter; selectedId: number | null }) {
  const { t } = useTranslation();
  const query = useTicketsInfinite(filter);
  const tickets = useMemo(() => mergePagesById<TicketDTO>((query.data?.pages ?? []).map((p) => p.tickets)), [query.data]);
  const navigate = useNavigate();
  const step = (by: 1 | -1) => {
    if (tickets.length === 0) return;
    const at = tickets.findIndex((t) => t.id === selectedId);
    // With no ticket of this list open, next starts at the top and previous at the bottom.
    const index = at < 0 ? (by === 1 ? 0 : tickets.length - 1) : Math.min(tickets.length - 1, Math.max(0, at + by));
    const target = tickets[index];
    if (target.id === selectedId) return;
    void navigate(`/tickets/${target.id}`);
    document.querySelector(`[data-testid="ticket-item-${target.id}"]`)?.scrollIntoView({ block: 'nearest' });
  };
  useShortcuts({ [SHORTCUT_KEYS.next]: () => step(1), [SHORTCUT_KEYS.previous]: () => step(-1) });

  const onScroll = useInfiniteScroll({
    hasMore: !!query.hasNextPage,
    loading: query.isFetching,
    loadMore: () => void query.fetchNextPage(),
  });

  return (
    <Box sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }} onScroll={onScroll} data-testid="tickets-list">
      <List disablePadding>
        {tickets.map((ticket) => (
          <TicketListItem key={ticket.id} ticket={ticket} selected={ticket.id === selectedId} />
        ))}
      </List>
      {(query.isLoading || query.isFetchingNextPage) && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress size={24} />
        </Box>
      )}
      {!query.isLoading && tickets.length === 0 && (
        <Box sx={{ p: 3, textAlign: 'center' }} data-testid="tickets-empty">
          <Typography variant="subtitle1">{t('tickets.noTickets')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('tickets.noTicketsMessage')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
