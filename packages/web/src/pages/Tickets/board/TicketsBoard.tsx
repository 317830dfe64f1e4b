/**
 * The tickets board (/tickets/board): the same tickets as the list, as cards in columns. By
 * attendant: Pending, Open per attendant (the viewer's own column first) and Closed today; by
 * sector: Pending and Open together under each sector, then Closed today. Dragging a pending card
 * onto the viewer's column accepts it (with the list's sector dialog); onto another attendant's
 * column, or another sector's, opens the list's transfer dialog with that attendant or sector
 * chosen; onto Closed resolves it. Only moves the ticket's allowed actions offer are droppable; the
 * server decides as always. Long columns load more on demand. On a phone the columns scroll
 * sideways, and a card is held, then carried to its column with the finger (useTouchCarry.ts).
 */
import ViewListIcon from '@mui/icons-material/ViewList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TicketDTO } from '@switchboard/shared';
import { createContext, useContext, useLayoutEffect, useMemo, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mergePagesById } from '../../../api/cacheUpdates';
import { MessagePreview } from '../../../components/MessagePreview';
import type { TicketListFilter } from '../../../api/ticketListCache';
import { useTicketsInfinite } from '../../../api/tickets';
import { useStoredState } from '../../../components/useStoredState';
import { allowedTicketActions, useAllowedActions } from '../allowedActions';
import { TransferTicketDialog } from '../dialogs/TransferTicketDialog';
import { useAcceptTicket } from '../useAcceptTicket';
import { useViewer } from '../useViewer';
import { useTouchCarry } from './useTouchCarry';

const SHOW_ALL_KEY = 'ticketsShowAll';

/**
 * What each column does with a card dropped on it, by column id, for drops that are not HTML5
 * drag and drop (a card carried by a finger lands wherever the finger is lifted).
 */
const DropTargets = createContext<Map<string, () => void>>(new Map());
const VIEW_KEY = 'ticketsBoardView';
type BoardView = 'attendants' | 'sectors';

/** A status's tickets, and the next page of them on demand (the list's own paging). */
interface ColumnSource {
  tickets: TicketDTO[];
  more?: () => void;
  loadingMore: boolean;
}

function useColumnTickets(filter: TicketListFilter): ColumnSource {
  const query = useTicketsInfinite(filter);
  const tickets = useMemo(() => mergePagesById<TicketDTO>((query.data?.pages ?? []).map((p) => p.tickets)), [query.data]);
  return { tickets, more: query.hasNextPage ? () => void query.fetchNextPage() : undefined, loadingMore: query.isFetchingNextPage };
}

const startOfToday = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};

export default function TicketsBoard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useViewer();
  const [storedShowAll] = useStoredState(SHOW_ALL_KEY, false);
  const [view, setView] = useStoredState<BoardView>(VIEW_KEY, 'attendants');
  const base: TicketListFilter = { showAll: viewer.mayShowAll && storedShowAll, queueIds: viewer.sectors.map((s) => s.id) };
  const pending = useColumnTickets({ ...base, status: 'pending', isGroup: 'false' });
  const open = useColumnTickets({ ...base, status: 'open', isGroup: 'false' });
  const closed = useColumnTickets({ ...base, status: 'closed', isGroup: 'false' });
  const { accept, dialog, actions } = useAcceptTicket({ stay: true });
  const [dragged, setDragged] = useState<TicketDTO | null>(null);
  const [transfer, setTransfer] = useState<{ ticket: TicketDTO; toUserId?: number; toQueueId?: number } | null>(null);
  // One map for the board's life (state, not a ref: the columns read it while rendering).
  const [dropTargets] = useState(() => new Map<string, () => void>());
  const [touchOver, setTouchOver] = useState<string | null>(null);
  // A carried card lands on the column under the finger, through that column's own drop.
  const touchDrop = (columnId: string | null) => {
    setTouchOver(null);
    if (columnId != null) dropTargets.get(columnId)?.();
    setDragged(null);
  };

  const me = viewer.facts.id;
  const today = startOfToday();
  const closedToday = closed.tickets.filter((ticket) => new Date(ticket.updatedAt).getTime() >= today);

  // A drop does what the ticket's allowed actions offer (the same as its buttons), nothing else.
  const draggedMay = dragged ? allowedTicketActions(dragged, viewer.facts) : new Set<string>();
  const dropOnMine = dragged && draggedMay.has('accept') ? () => accept(dragged) : undefined;
  const dropOnClosed = dragged && draggedMay.has('resolve') ? () => void actions.resolve(dragged) : undefined;
  const dropTransfer = (to: { toUserId?: number; toQueueId?: number }) => {
    if (!dragged || !draggedMay.has('transfer')) return undefined;
    if (to.toUserId != null && dragged.userId === to.toUserId) return undefined;
    if (to.toQueueId != null && dragged.queueId === to.toQueueId) return undefined;
    return () => setTransfer({ ticket: dragged, ...to });
  };
  const card = (ticket: TicketDTO) => (
    <BoardCard
      key={ticket.id}
      ticket={ticket}
      onOpen={() => void navigate(`/tickets/${ticket.id}`)}
      onDrag={setDragged}
      onTouchOver={setTouchOver}
      onTouchDrop={touchDrop}
    />
  );
  const closedColumn = (
    <Column id="closed" title={t('tickets.board.closedToday')} count={closedToday.length} onDrop={dropOnClosed} source={closed}>
      {closedToday.map(card)}
    </Column>
  );

  let columns: ReactNode;
  if (view === 'sectors') {
    // Each sector the viewer works in, and any other sector a visible ticket is in; then no sector.
    const sectors = new Map<number | null, { name: string; tickets: TicketDTO[] }>(
      viewer.sectors.map((s) => [s.id, { name: s.name, tickets: [] }]),
    );
    for (const ticket of [...pending.tickets, ...open.tickets]) {
      const column = sectors.get(ticket.queueId) ?? { name: ticket.queue?.name ?? t('tickets.board.noSector'), tickets: [] };
      column.tickets.push(ticket);
      sectors.set(ticket.queueId, column);
    }
    const moreOfSectors: ColumnSource = {
      tickets: [],
      more: pending.more ?? open.more,
      loadingMore: pending.loadingMore || open.loadingMore,
    };
    columns = (
      <>
        {[...sectors].map(([queueId, column]) => (
          <Column
            key={queueId ?? 'none'}
            id={`sector-${queueId ?? 'none'}`}
            title={column.name}
            count={column.tickets.length}
            onDrop={queueId == null ? undefined : dropTransfer({ toQueueId: queueId })}
            source={moreOfSectors}
          >
            {column.tickets.map(card)}
          </Column>
        ))}
        {closedColumn}
      </>
    );
  } else {
    const mine = open.tickets.filter((ticket) => ticket.userId === me);
    const others = new Map<number, { name: string; tickets: TicketDTO[] }>();
    for (const ticket of open.tickets) {
      if (ticket.userId === me || ticket.userId == null) continue;
      const column = others.get(ticket.userId) ?? { name: ticket.user?.name ?? '', tickets: [] };
      column.tickets.push(ticket);
      others.set(ticket.userId, column);
    }
    columns = (
      <>
        <Column id="pending" title={t('tickets.tabs.pending')} count={pending.tickets.length} source={pending}>
          {pending.tickets.map(card)}
        </Column>
        <Column id="mine" title={t('tickets.board.mine')} count={mine.length} onDrop={dropOnMine} source={open}>
          {mine.map(card)}
        </Column>
        {[...others].map(([userId, column]) => (
          <Column
            key={userId}
            id={`user-${userId}`}
            title={column.name}
            count={column.tickets.length}
            onDrop={dropTransfer({ toUserId: userId })}
            source={open}
          >
            {column.tickets.map(card)}
          </Column>
        ))}
        {closedColumn}
      </>
    );
  }

  return (
    <Paper
      variant="outlined"
      data-testid="tickets-board"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        // The top bar, the page's padding and (not on a phone) the footer.
        height: { xs: 'calc(100dvh - 56px - 16px)', sm: 'calc(100dvh - 64px - 32px - 40px)' },
        minHeight: 420,
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        {/* On a phone the title takes a line of its own: beside the buttons it was cut to a word's first letters. */}
        <Typography variant="h6" sx={{ flex: { xs: '1 0 100%', sm: 1 } }} noWrap data-testid="board-title">
          {t('tickets.board.title')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_e, next: BoardView | null) => next && setView(next)}
          aria-label={t('tickets.board.groupBy')}
        >
          <ToggleButton value="attendants" data-testid="board-by-attendant">
            {t('tickets.board.byAttendant')}
          </ToggleButton>
          <ToggleButton value="sectors" data-testid="board-by-sector">
            {t('tickets.board.bySector')}
          </ToggleButton>
        </ToggleButtonGroup>
        <Tooltip title={t('tickets.board.list')}>
          <IconButton
            onClick={() => void navigate('/tickets')}
            aria-label={t('tickets.board.list')}
            data-testid="board-to-list"
            sx={{ ml: 'auto' }}
          >
            <ViewListIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', gap: 1.5, p: 1.5, overflowX: 'auto' }} data-testid="board-columns">
        <DropTargets.Provider value={dropTargets}>
          <TouchOver.Provider value={touchOver}>{columns}</TouchOver.Provider>
        </DropTargets.Provider>
      </Box>
      {dialog}
      {transfer && (
        <TransferTicketDialog
          ticket={transfer.ticket}
          toUserId={transfer.toUserId}
          toQueueId={transfer.toQueueId}
          stay
          onClose={() => setTransfer(null)}
        />
      )}
    </Paper>
  );
}

/** The column a carried card is over (by id), to light it as a drag over it does. */
const TouchOver = createContext<string | null>(null);

function Column({
  id,
  title,
  count,
  onDrop,
  source,
  children,
}: {
  id: string;
  title: string;
  count: number;
  onDrop?: () => void;
  source?: ColumnSource;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [dragOver, setOver] = useState(false);
  const touchOver = useContext(TouchOver);
  const over = dragOver || (touchOver === id && !!onDrop);
  const targets = useContext(DropTargets);
  useLayoutEffect(() => {
    if (!onDrop) return;
    targets.set(id, onDrop);
    return () => void targets.delete(id);
  }, [targets, id, onDrop]);
  // Only a column that takes the dragged card accepts the drop (preventDefault on dragover).
  const allow = (e: DragEvent) => {
    if (!onDrop) return;
    e.preventDefault();
    setOver(true);
  };
  return (
    <Box
      data-testid={`board-column-${id}`}
      data-board-column={id}
      data-droppable={!!onDrop}
      onDragOver={allow}
      onDragEnter={allow}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        onDrop?.();
      }}
      sx={{
        width: 280,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        borderRadius: 1,
        bgcolor: 'action.hover',
        outline: onDrop ? 2 : 0,
        outlineStyle: 'dashed',
        outlineColor: over ? 'primary.main' : 'divider',
      }}
    >
      <Typography variant="subtitle2" sx={{ px: 1.5, py: 1 }} noWrap>
        {title} · {count}
      </Typography>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: 1, pb: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {children}
        {count === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
            {onDrop ? t('tickets.board.dropHere') : t('tickets.board.empty')}
          </Typography>
        )}
        {/* The column is a page of its status's tickets: the next page on demand, as the list scrolls. */}
        {source?.more && (
          <Button size="small" onClick={source.more} disabled={source.loadingMore} data-testid={`board-more-${id}`}>
            {t('tickets.board.loadMore')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

function BoardCard({
  ticket,
  onOpen,
  onDrag,
  onTouchOver,
  onTouchDrop,
}: {
  ticket: TicketDTO;
  onOpen: () => void;
  onDrag: (ticket: TicketDTO | null) => void;
  onTouchOver: (columnId: string | null) => void;
  onTouchDrop: (columnId: string | null) => void;
}) {
  // A card moves when its ticket may be accepted, resolved or transferred: the list's buttons for it.
  const allowed = useAllowedActions(ticket);
  const movable = allowed.has('accept') || allowed.has('resolve') || allowed.has('transfer');
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [held, setHeld] = useState(false);
  useTouchCarry(element, movable, {
    onPick: () => {
      setHeld(true);
      onDrag(ticket);
    },
    onOver: onTouchOver,
    onDrop: (columnId) => {
      setHeld(false);
      onTouchDrop(columnId);
    },
  });
  return (
    <Paper
      ref={setElement}
      elevation={held ? 8 : 1}
      data-held={held || undefined}
      data-testid={`board-card-${ticket.id}`}
      draggable={movable}
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', String(ticket.id));
        e.dataTransfer.effectAllowed = 'move';
        onDrag(ticket);
      }}
      onDragEnd={() => onDrag(null)}
      onClick={onOpen}
      sx={{
        p: 1.25,
        cursor: movable ? 'grab' : 'pointer',
        borderLeft: 4,
        borderColor: ticket.queue?.color ?? 'divider',
        // A long press picks the card up: no callout or text selection on it.
        userSelect: movable ? 'none' : undefined,
        WebkitTouchCallout: movable ? 'none' : undefined,
        opacity: held ? 0.85 : 1,
      }}
    >
      <Typography noWrap sx={{ fontWeight: 500 }}>
        {ticket.contact.name}
      </Typography>
      {/* Text only: a preview is customer content. */}
      <Typography variant="body2" color="text.secondary" noWrap sx={{ display: 'flex', minWidth: 0 }}>
        <MessagePreview preview={ticket.lastMessage} />
      </Typography>
      {ticket.queue && (
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {ticket.queue.name}
        </Typography>
      )}
    </Paper>
  );
}
