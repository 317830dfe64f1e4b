/**
 * The contact drawer (spec §2): details, extra information, tags and editing the contact, then
 * what the desk knows of the person (earlier tickets, ratings, notes, channels).
 */
import CloseIcon from '@mui/icons-material/Close';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { TicketDTO } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContact } from '../../../api/contacts';
import { useContactPanel } from '../../../api/ticketStory';
import { ContactModal } from '../../Contacts/ContactModal';
import { OptOutNotice } from '../../Contacts/OptOutNotice';
import { useViewer } from '../useViewer';
import { ContactHistory } from './ContactHistory';
import { ContactTags } from './ContactTags';

const WIDTH = 320;

export function ContactDrawer({ ticket, open, onClose }: { ticket: TicketDTO; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const contact = useContact(open ? ticket.contactId : null);
  const panel = useContactPanel(ticket.id, open);
  const [editing, setEditing] = useState(false);
  const c = contact.data;
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the shell's top bar, which sits over the permanent menu on wide screens.
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 2 }}
      slotProps={{ paper: { sx: { width: WIDTH, maxWidth: '100vw' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', p: 1, pl: 2 }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {t('tickets.drawer.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('common.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="contact-drawer">
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
          <Avatar src={ticket.contact.profilePicUrl || undefined} sx={{ width: 96, height: 96, fontSize: 40 }}>
            {ticket.contact.name.charAt(0).toUpperCase()}
          </Avatar>
          <Typography variant="h6" data-testid="drawer-name">
            {c?.name ?? ticket.contact.name}
          </Typography>
          <Typography color="text.secondary">{c?.number ?? ticket.contact.number}</Typography>
          {c?.email && <Typography color="text.secondary">{c.email}</Typography>}
          <Button variant="outlined" size="small" onClick={() => setEditing(true)} data-testid="drawer-edit">
            {t('tickets.drawer.edit')}
          </Button>
        </Box>
        {c && <OptOutNotice contact={c} />}
        {c && c.extraInfo.length > 0 && (
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              {t('tickets.drawer.extraInfo')}
            </Typography>
            {c.extraInfo.map((info) => (
              <Box key={info.id} sx={{ mb: 1 }}>
                <Typography variant="caption" color="text.secondary">
                  {info.name}
                </Typography>
                <Typography variant="body2">{info.value}</Typography>
              </Box>
            ))}
          </Box>
        )}
        {c && (
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              {t('tickets.drawer.tags')}
            </Typography>
            <ContactTags contact={c} canRemove={viewer.canRemoveTags} />
          </Box>
        )}
        {panel.data && <ContactHistory panel={panel.data} currentTicketId={ticket.id} onOpenTicket={onClose} />}
        {panel.isError && (
          <Typography variant="body2" color="error">
            {t('tickets.panel.loadError')}
          </Typography>
        )}
      </Box>
      {editing && <ContactModal contactId={ticket.contactId} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />}
    </Drawer>
  );
}
