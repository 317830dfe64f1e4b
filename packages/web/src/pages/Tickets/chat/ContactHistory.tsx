/**
 * The contact panel's knowledge of the person: earlier tickets and how each ended, ratings given,
 * staff notes, and the connections they can be reached on.
 */
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DATE_FORMAT, type ContactPanelDTO } from '@switchboard/shared';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ticketNumber } from '../ticketNumber';

type PanelTicket = ContactPanelDTO['tickets'][number];

function outcomeKey(t: PanelTicket): string {
  if (t.status !== 'closed') return `tickets.panel.status.${t.status}`;
  return `tickets.panel.outcome.${t.outcome ?? 'resolved'}`;
}

export function ContactHistory({
  panel,
  currentTicketId,
  onOpenTicket,
}: {
  panel: ContactPanelDTO;
  currentTicketId: number;
  onOpenTicket?: () => void;
}) {
  const { t } = useTranslation();
  const average = panel.ratings.length ? panel.ratings.reduce((sum, r) => sum + r.rate, 0) / panel.ratings.length : null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="contact-history">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Chip size="small" label={t('tickets.panel.ticketsCount', { count: panel.tickets.length })} data-testid="panel-tickets-count" />
        <Chip size="small" label={t('tickets.panel.notesCount', { count: panel.notesCount })} data-testid="panel-notes-count" />
        {average != null && (
          <Chip
            size="small"
            icon={<StarIcon sx={{ fontSize: 16 }} />}
            label={t('tickets.panel.ratingAverage', { average: average.toFixed(1), count: panel.ratings.length })}
            data-testid="panel-rating-average"
          />
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2" gutterBottom>
          {t('tickets.panel.channels')}
        </Typography>
        {panel.channels.map((c) => (
          <Typography key={c.id} variant="body2" data-testid="panel-channel">
            {c.name}{' '}
            <Typography component="span" variant="caption" color="text.secondary">
              · {t(`tickets.panel.channel.${c.channel}`)}
            </Typography>
          </Typography>
        ))}
      </Box>
      <Box>
        <Typography variant="subtitle2" gutterBottom>
          {t('tickets.panel.tickets')}
        </Typography>
        {panel.tickets.map((ticket) => (
          <Box key={ticket.id} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }} data-testid={`panel-ticket-${ticket.id}`}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              {ticket.id === currentTicketId ? (
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  #{ticketNumber(ticket)} · {t('tickets.panel.thisTicket')}
                </Typography>
              ) : (
                <Link component={RouterLink} to={`/tickets/${ticket.id}`} onClick={onOpenTicket} variant="body2" sx={{ fontWeight: 600 }}>
                  #{ticketNumber(ticket)}
                </Link>
              )}
              <Typography variant="caption" color="text.secondary">
                {format(new Date(ticket.createdAt), DATE_FORMAT)}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="panel-ticket-outcome">
              {[t(outcomeKey(ticket)), ticket.user?.name, ticket.queue?.name].filter(Boolean).join(' · ')}
              {ticket.rate != null && ` · ★ ${ticket.rate}/10`}
            </Typography>
          </Box>
        ))}
      </Box>
      {panel.ratings.length > 0 && (
        <Box>
          <Typography variant="subtitle2" gutterBottom>
            {t('tickets.panel.ratings')}
          </Typography>
          {panel.ratings.map((r) => (
            <Typography key={`${r.ticketId}-${r.at}`} variant="body2" data-testid="panel-rating">
              ★ {r.rate}/10 · {format(new Date(r.at), DATE_FORMAT)}
              {r.user ? ` · ${r.user.name}` : ''}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
