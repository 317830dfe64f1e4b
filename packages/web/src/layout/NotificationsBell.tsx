/**
 * Notifications bell (spec §2 Layout): the count of unread tickets and their list. It is always
 * mounted in the shell, so it also hosts the tickets' live cache and the new-message notifications.
 * Mentions in private notes are listed first, under their own heading.
 */
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Popover from '@mui/material/Popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTicketNotifications } from '../pages/Tickets/notifications/useTicketNotifications';
import { useTicketsLiveCache } from '../pages/Tickets/notifications/useTicketsLiveCache';
import { useUnreadTickets } from '../pages/Tickets/notifications/useUnreadTickets';
import { useMentionNotifications } from '../pages/Tickets/notifications/useMentionNotifications';
import { useUnreadMentions } from '../api/notes';
import { previewText } from '../components/MessagePreview';

export interface NotificationItem {
  id: number;
  title: string;
  text: string;
}

/** Spec §2: the notification list is at most 350 px high. */
const LIST_MAX_HEIGHT = 350;

export function NotificationsBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  useTicketsLiveCache();
  useTicketNotifications();
  useMentionNotifications();
  const mentions = useUnreadMentions().data ?? [];
  const items: NotificationItem[] = useUnreadTickets().map((ticket) => ({
    id: ticket.id,
    title: ticket.contact.name,
    text: previewText(t, ticket.lastMessage),
  }));
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('notifications.title')}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="notifications-bell"
      >
        <Badge badgeContent={items.length + mentions.length} color="secondary">
          <NotificationsNoneIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor != null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <List dense sx={{ maxHeight: LIST_MAX_HEIGHT, overflowY: 'auto', minWidth: 280 }}>
          {mentions.length > 0 && <ListSubheader>{t('notifications.mentions')}</ListSubheader>}
          {mentions.map((m) => (
            <ListItemButton
              key={`mention-${m.id}`}
              data-testid={`mention-notification-${m.ticketId}`}
              onClick={() => {
                setAnchor(null);
                void navigate(`/tickets/${m.ticketId}`);
              }}
            >
              <ListItemText
                primary={t('notifications.mentionBy', { name: m.byUserName ?? '', contact: m.contactName })}
                secondary={m.body}
                slotProps={{ secondary: { noWrap: true } }}
              />
            </ListItemButton>
          ))}
          {items.length === 0 && mentions.length === 0 ? (
            <ListItem>
              <ListItemText primary={t('notifications.empty')} />
            </ListItem>
          ) : (
            items.map((item) => (
              <ListItemButton
                key={item.id}
                data-testid={`notification-${item.id}`}
                onClick={() => {
                  setAnchor(null);
                  void navigate(`/tickets/${item.id}`);
                }}
              >
                <ListItemText primary={item.title} secondary={item.text} slotProps={{ secondary: { noWrap: true } }} />
              </ListItemButton>
            ))
          )}
        </List>
      </Popover>
    </>
  );
}
