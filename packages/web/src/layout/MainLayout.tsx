/**
 * The signed-in shell (spec §2 Layout): top bar, side drawer (240 px; permanent from 600 px, where
 * closing it leaves an icon rail; temporary below), the page, and the footer with the version.
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DRAWER_WIDTH_PX, MOBILE_BREAKPOINT_PX } from '@switchboard/shared';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { settingValue, useSettings } from '../api/settings';
import { useCurrentUser } from '../auth/AuthProvider';
import { PageSpinner } from '../components/PageSpinner';
import { ChannelHealthBanner } from './ChannelHealthBanner';
import { APP_VERSION } from '../version';
import { Footer } from './Footer';
import { LanguageSwitch } from './LanguageSwitch';
import { MainMenu } from './MainMenu';
import { NotificationsBell } from './NotificationsBell';
import { ReconnectingNotice } from './ReconnectingNotice';
import { UserMenu } from './UserMenu';
import { useNotificationClicks } from '../pwa/useNotificationClicks';

/** Width of the icon rail left by a closed permanent drawer. */
const RAIL_WIDTH_PX = 57;

export function MainLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useNotificationClicks();
  const wide = useMediaQuery(`(min-width:${MOBILE_BREAKPOINT_PX}px)`, { noSsr: true });
  const settings = useSettings();
  // Until the user toggles it, the drawer follows the sideMenu setting (disabled = closed).
  const [toggled, setToggled] = useState<boolean | null>(null);
  const fromSetting = settingValue(settings.data, 'sideMenu') !== 'disabled';
  const open = toggled ?? (wide ? fromSetting : false);
  const drawerWidth = wide && !open ? RAIL_WIDTH_PX : DRAWER_WIDTH_PX;

  const drawerContent = (
    <>
      <Toolbar sx={{ justifyContent: 'flex-end', px: 1 }}>
        <IconButton onClick={() => setToggled(false)} aria-label={t('common.close')}>
          <ChevronLeftIcon />
        </IconButton>
      </Toolbar>
      <Divider />
      <MainMenu open={open || !wide} onNavigate={wide ? undefined : () => setToggled(false)} />
      {!wide && (
        // A phone has no footer (Footer.tsx): the version is told here.
        <Typography variant="caption" color="text.secondary" sx={{ mt: 'auto', p: 2, textAlign: 'center' }} data-testid="menu-version">
          {t('footer.version', { version: APP_VERSION })}
        </Typography>
      )}
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (theme) => (wide ? theme.zIndex.drawer + 1 : theme.zIndex.appBar) }}>
        <Toolbar>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('topbar.openMenu')}
            onClick={() => setToggled(!open)}
            sx={{ mr: 2 }}
            data-testid="drawer-toggle"
          >
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" noWrap sx={{ flexGrow: 1 }} data-testid="greeting">
            {t('topbar.greeting', { name: user.name })}
          </Typography>
          <NotificationsBell />
          <LanguageSwitch />
          <UserMenu />
        </Toolbar>
      </AppBar>

      {wide ? (
        <Drawer
          variant="permanent"
          open={open}
          data-testid="drawer"
          sx={{
            width: drawerWidth,
            flexShrink: 0,
            whiteSpace: 'nowrap',
            '& .MuiDrawer-paper': {
              width: drawerWidth,
              overflowX: 'hidden',
              boxSizing: 'border-box',
              transition: (theme) => theme.transitions.create('width'),
            },
          }}
        >
          {drawerContent}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setToggled(false)}
          ModalProps={{ keepMounted: true }}
          data-testid="drawer"
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH_PX, boxSizing: 'border-box' } }}
        >
          {drawerContent}
        </Drawer>
      )}

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box sx={{ flexGrow: 1, p: { xs: 1, sm: 2 } }}>
          <ChannelHealthBanner />
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
        <Footer />
      </Box>
      <ReconnectingNotice />
    </Box>
  );
}
