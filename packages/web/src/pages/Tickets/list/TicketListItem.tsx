/**
 * One ticket in the list (spec §2 List item): sector colour strip, picture, name, last-message time,
 * preview with a sent/received arrow, unread badge, view-flag badges and the status actions.
 */
import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { TicketDTO } from '@switchboard/shared';
import { memo } from 'react';
import { MessagePreview } from '../../../components/MessagePreview';
import { useNavigate } from 'react-router';
import { TicketStatusActions } from '../TicketStatusActions';
import { formatListTime } from '../ticketTime';
import { TicketBadges } from './TicketBadges';

const NO_SECTOR_COLOR = '#9e9e9e';

export const TicketListItem = memo(function TicketListItem({ ticket, selected }: { ticket: TicketDTO; selected: boolean }) {
  const navigate = useNavigate();
  const Arrow = ticket.lastMessageFromMe ? CallMadeIcon : CallReceivedIcon;
  return (
    <ListItemButton
      selected={selected}
      onClick={() => void navigate(`/tickets/${ticket.id}`)}
      data-testid={`ticket-item-${ticket.id}`}
      data-status={ticket.status}
      sx={{ alignItems: 'flex-start', gap: 1.5, pl: 2, py: 1, position: 'relative', borderBottom: 1, borderColor: 'divider' }}
    >
      <Box
        aria-hidden
        sx={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: 6, bgcolor: ticket.queue?.color ?? NO_SECTOR_COLOR }}
      />
      <Avatar src={ticket.contact.profilePicUrl || undefined} alt={ticket.contact.name}>
        {ticket.contact.name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography noWrap sx={{ flex: 1, fontWeight: 500 }} data-testid="ticket-contact-name">
            {ticket.contact.name}
          </Typography>
          <Typography variant="caption" color={ticket.unreadMessages > 0 ? 'success.main' : 'text.secondary'} data-testid="ticket-time">
            {formatListTime(ticket.lastMessageAt ?? ticket.updatedAt)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {ticket.lastMessage && (
            <Arrow
              sx={{ fontSize: 14 }}
              color={ticket.lastMessageFromMe ? 'primary' : 'success'}
              data-testid={ticket.lastMessageFromMe ? 'preview-sent' : 'preview-received'}
            />
          )}
          {/* Text only: a preview is customer content. */}
          <Typography
            variant="body2"
            color="text.secondary"
            noWrap
            sx={{ flex: 1, minWidth: 0, display: 'flex' }}
            data-testid="ticket-preview"
          >
            <MessagePreview preview={ticket.lastMessage} />
          </Typography>
          {ticket.unreadMessages > 0 && (
            <Badge badgeContent={ticket.unreadMessages} color="success" max={999} sx={{ mx: 1.5 }} data-testid="ticket-unread" />
          )}
        </Box>
        <TicketBadges ticket={ticket} />
        <Box sx={{ mt: 0.75 }}>
          <TicketStatusActions ticket={ticket} />
        </Box>
      </Box>
    </ListItemButton>
  );
});
