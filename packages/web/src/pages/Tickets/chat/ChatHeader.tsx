/** The chat header (spec §2): back to /tickets, the contact (click opens the drawer), ticket number, search, actions. */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { TicketDTO } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TicketStatusActions } from '../TicketStatusActions';
import { TicketOptionsMenu } from './TicketOptionsMenu';
import { ticketNumber } from '../ticketNumber';

export function ChatHeader({ ticket, onOpenContact, onSearch }: { ticket: TicketDTO; onOpenContact: () => void; onSearch: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        flexWrap: 'wrap',
      }}
      data-testid="chat-header"
    >
      <IconButton onClick={() => void navigate('/tickets')} aria-label={t('tickets.back')} data-testid="chat-back">
        <ArrowBackIcon />
      </IconButton>
      <ButtonBase
        onClick={onOpenContact}
        // On phones the contact takes the first row and the actions wrap below it.
        sx={{
          display: 'flex',
          gap: 1.5,
          alignItems: 'center',
          flex: 1,
          minWidth: { xs: 'calc(100% - 56px)', sm: 0 },
          justifyContent: 'flex-start',
          textAlign: 'left',
          borderRadius: 1,
          p: 0.5,
        }}
        data-testid="chat-contact"
      >
        <Avatar src={ticket.contact.profilePicUrl || undefined} alt={ticket.contact.name}>
          {ticket.contact.name.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 500 }} data-testid="chat-contact-name">
            {ticket.contact.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {t('tickets.ticketNumber', { id: ticketNumber(ticket) })}
            {ticket.user ? ` · ${ticket.user.name}` : ''}
            {ticket.queue ? ` · ${ticket.queue.name}` : ''}
          </Typography>
        </Box>
      </ButtonBase>
      <IconButton onClick={onSearch} aria-label={t('tickets.chat.search')} data-testid="chat-search-open">
        <SearchIcon />
      </IconButton>
      {/* Each shows only the actions the ticket's answer allows (none for a colleague who may only read it). */}
      <TicketStatusActions ticket={ticket} shortcuts />
      <TicketOptionsMenu ticket={ticket} />
    </Box>
  );
}
