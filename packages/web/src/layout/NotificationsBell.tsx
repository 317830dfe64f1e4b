/**
 * Notifications bell (spec §2 Layout): the count of unread tickets and their list. Tickets are not
 * served yet, so the list is honestly empty; the tickets feature feeds `items` later.
 */
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface NotificationItem {
  id: number;
  title: string;
  text: string;
}

/** Spec §2: the notification list is at most 350 px high. */
const LIST_MAX_HEIGHT = 350;

export function NotificationsBell({ items = [] }: { items?: NotificationItem[] }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('notifications.title')}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="notifications-bell"
      >
        <Badge badgeContent={items.length} color="secondary">
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
          {items.length === 0 ? (
            <ListItem>
              <ListItemText primary={t('notifications.empty')} />
            </ListItem>
          ) : (
            items.map((item) => (
              <ListItem key={item.id}>
                <ListItemText primary={item.title} secondary={item.text} />
              </ListItem>
            ))
          )}
        </List>
      </Popover>
    </>
  );
}
