/**
 * The tickets screen (/tickets and /tickets/:ticketId, spec §2): the list pane and the chat pane
 * side by side; under 600 px only one of them shows (the list hides while a ticket is open).
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_BREAKPOINT_PX } from '@switchboard/shared';
import { useParams } from 'react-router';
import { ChatPane } from './chat/ChatPane';
import { TicketsListPane } from './list/TicketsListPane';
import { useTicketDeletedRedirect } from './useTicketDeletedRedirect';
import { WelcomePane } from './WelcomePane';

const LIST_WIDTH = 400;

export default function TicketsPage() {
  const params = useParams();
  const parsed = Number(params.ticketId);
  const ticketId = Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  const narrow = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 0.05}px)`);
  useTicketDeletedRedirect(ticketId);

  const showList = !narrow || ticketId == null;
  const showChat = !narrow || ticketId != null;
  return (
    <Paper
      variant="outlined"
      data-testid="tickets-page"
      sx={{
        display: 'flex',
        overflow: 'hidden',
        // The shell's top bar, padding and footer take the rest of the viewport.
        // The top bar, the page's padding and (not on a phone) the footer.
        height: { xs: 'calc(100dvh - 56px - 16px)', sm: 'calc(100dvh - 64px - 32px - 40px)' },
        minHeight: 420,
      }}
    >
      {showList && (
        <Box
          sx={{
            width: narrow ? '100%' : LIST_WIDTH,
            flexShrink: 0,
            borderRight: narrow ? 0 : 1,
            borderColor: 'divider',
            display: 'flex',
            flexDirection: 'column',
            minHeight: 0,
          }}
        >
          <TicketsListPane selectedId={ticketId} />
        </Box>
      )}
      {showChat && (
        <Box sx={{ flex: 1, display: 'flex', minWidth: 0, minHeight: 0 }}>
          {ticketId != null ? <ChatPane key={ticketId} ticketId={ticketId} /> : <WelcomePane />}
        </Box>
      )}
    </Paper>
  );
}
