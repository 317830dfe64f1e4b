/**
 * Where a ticket's messages begin in the conversation: its protocol (or number), when it was
 * opened and closed, and who attended it.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DATE_FORMAT, TIME_FORMAT, type TicketBoundaryDTO } from '@switchboard/shared';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { ticketNumber } from '../ticketNumber';

const when = (iso: string) => format(new Date(iso), `${DATE_FORMAT} ${TIME_FORMAT}`);

export function TicketSeparator({ boundary, earlier }: { boundary: TicketBoundaryDTO; earlier: boolean }) {
  const { t } = useTranslation();
  const protocol = ticketNumber(boundary);
  const text = boundary.closedAt
    ? t('tickets.chat.ticketClosed', { protocol, opened: when(boundary.openedAt), closed: when(boundary.closedAt) })
    : t('tickets.chat.ticketOpened', { protocol, opened: when(boundary.openedAt) });
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'center', px: 2, pt: 1.5, pb: 0.75 }}
      data-testid={`ticket-separator-${boundary.id}`}
      data-earlier={earlier}
    >
      <Box sx={{ px: 1.5, py: 0.5, borderRadius: 2, bgcolor: 'background.paper', boxShadow: 1, textAlign: 'center', maxWidth: '90%' }}>
        <Typography variant="caption" sx={{ fontWeight: 600, display: 'block' }}>
          {text}
          {boundary.user ? ` · ${boundary.user.name}` : ''}
        </Typography>
        {earlier && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t('tickets.chat.earlierTicket')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
