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

/** Profile (own-user modal) and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { logout } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('topbar.account')}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="user-menu"
      >
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
        <MenuItem
          data-testid="menu-logout"
          onClick={() => {
            setAnchor(null);
            void logout();
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
