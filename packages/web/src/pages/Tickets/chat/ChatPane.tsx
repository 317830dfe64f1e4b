/**
 * The open ticket (/tickets/:ticketId): header, messages, composer and the contact drawer. The
 * socket joins the ticket's chat room while it is open, so its messages arrive live.
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { CLIENT_EVENTS, type MessageDTO, type TicketDTO } from '@switchboard/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicket } from '../../../api/tickets';
import { useSocket } from '../../../realtime/SocketProvider';
import { Composer } from '../composer/Composer';
import { ChatHeader } from './ChatHeader';
import { ContactDrawer } from './ContactDrawer';
import { DropZone } from './DropZone';
import { ChatSearch } from './ChatSearch';
import { MessageList, type JumpTarget } from './MessageList';
import { ServiceWindowBar } from './ServiceWindowBar';
import { useMarkReadWhileOpen } from './useMarkReadWhileOpen';
import { useViewer } from '../useViewer';
import { allowedTicketActions } from '../allowedActions';

export function ChatPane({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const ticketQuery = useTicket(ticketId);
  const ticket = ticketQuery.data;
  const socket = useSocket();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [quoted, setQuoted] = useState<MessageDTO | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const viewer = useViewer();

  useEffect(() => {
    if (!socket) return;
    const join = () => socket.emit(CLIENT_EVENTS.joinChatBox, ticketId);
    join();
    // Rooms are per connection: join again after a reconnect.
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      socket.emit(CLIENT_EVENTS.leaveChatBox, ticketId);
    };
  }, [socket, ticketId]);

  // A user mentioned on a ticket they may not otherwise see reads it and writes notes only (the
  // customer's unread count stays for those who answer).
  const canReply = !ticket || mayReply(ticket, viewer.facts);
  useMarkReadWhileOpen(canReply ? ticket : undefined);

  const onReply = useCallback((m: MessageDTO) => setQuoted(m), []);
  // The search belongs to the ticket it was opened on: another ticket in this pane starts without one.
  const [search, setSearch] = useState<{ ticketId: number; jumpTo: JumpTarget | null; failed: boolean } | null>(null);
  const searching = search?.ticketId === ticketId ? search : null;
  const onJump = useCallback(
    (id: string) => setSearch((s) => ({ ticketId, jumpTo: { id, seq: (s?.jumpTo?.seq ?? 0) + 1 }, failed: false })),
    [ticketId],
  );
  const onJumpFailed = useCallback(() => setSearch((s) => (s ? { ...s, failed: true } : s)), []);
  const closeSearch = useCallback(() => setSearch(null), []);

  if (ticketQuery.isLoading) {
    return (
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress />
      </Box>
    );
  }
  if (!ticket) {
    return (
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid="chat-error">
        <Typography color="text.secondary">{t('tickets.chat.loadError')}</Typography>
      </Box>
    );
  }
  const open = ticket.status === 'open' && canReply;
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0, minWidth: 0 }} data-testid="chat-pane">
      <ChatHeader
        ticket={ticket}
        onOpenContact={() => setDrawerOpen(true)}
        onSearch={() => setSearch({ ticketId, jumpTo: null, failed: false })}
      />
      {searching && <ChatSearch key={ticket.id} ticketId={ticket.id} onJump={onJump} onClose={closeSearch} notLoaded={searching.failed} />}
      <DropZone key={ticket.id} enabled={open} onFiles={(dropped) => setFiles((f) => [...f, ...dropped])}>
        <Box
          sx={{
            flex: 1,
            display: 'flex',
            flexDirection: 'column',
            minHeight: 0,
            bgcolor: (th) => (th.palette.mode === 'dark' ? '#0b141a' : '#efeae2'),
          }}
        >
          <MessageList ticket={ticket} onReply={onReply} jumpTo={searching?.jumpTo ?? null} onJumpFailed={onJumpFailed} />
        </Box>
        <ServiceWindowBar ticket={ticket} />
        <Composer
          key={ticket.id}
          ticket={ticket}
          quoted={open ? quoted : null}
          onClearQuote={() => setQuoted(null)}
          files={files}
          onFilesChange={setFiles}
          canReply={canReply}
        />
      </DropZone>
      <ContactDrawer ticket={ticket} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </Box>
  );
}

/** The server's answer says whether the user may answer the customer here (ticket.reply). */
function mayReply(ticket: TicketDTO, viewer: Parameters<typeof allowedTicketActions>[1]): boolean {
  return allowedTicketActions(ticket, viewer).has('reply');
}
