import AccountCircle from '@mui/icons-material/AccountCircle';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth, useCurrentUser } from '../auth/AuthProvider';
import { UserModal } from '../components/UserModal/UserModal';
import { disablePush } from '../pwa/push';
import { PushMenuItems } from './PushMenuItems';

/** Profile (own-user modal), this device's notifications, and logout (which stops them). */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { logout } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <IconButton color="inherit" aria-label={t('topbar.account')} onClick={(e) => setAnchor(e.currentTarget)} data-testid="user-menu">
        <AccountCircle />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor != null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          data-testid="menu-profile"
          onClick={() => {
            setAnchor(null);
            setProfileOpen(true);
          }}
        >
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          {t('topbar.profile')}
        </MenuItem>
        <PushMenuItems />
        <MenuItem
          data-testid="menu-logout"
          onClick={() => {
            setAnchor(null);
            // A signed-out device gets no more of this user's notifications (a shared computer).
            void disablePush()
              .catch((err: unknown) => console.error('push: unsubscribing on sign-out failed', err))
              .finally(() => void logout());
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('topbar.logout')}
        </MenuItem>
      </Menu>
      {profileOpen && <UserModal open userId={user.id} ownProfile onClose={() => setProfileOpen(false)} />}
    </>
  );
}
