/**
 * The side menu (spec §2 Layout): everyday screens for everyone, the Administration section for
 * admins only. The external API pages (/api, /apidocs, /apikey) sit in the Administration section:
 * the key they explain is an admin-only setting, so only admins can use what the pages describe.
 */
import ContactPhoneOutlinedIcon from '@mui/icons-material/ContactPhoneOutlined';
import MoveDownOutlinedIcon from '@mui/icons-material/MoveDownOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import ApiOutlinedIcon from '@mui/icons-material/ApiOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import PhoneIphoneOutlinedIcon from '@mui/icons-material/PhoneIphoneOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import QuestionAnswerOutlinedIcon from '@mui/icons-material/QuestionAnswerOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import WebhookIcon from '@mui/icons-material/Webhook';
import ManageHistoryOutlinedIcon from '@mui/icons-material/ManageHistoryOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import Badge from '@mui/material/Badge';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { canRunCampaigns } from '../api/campaigns';
import { useAllowed } from '../access/useAccess';
import { useSimulatorAvailable } from '../api/simulator';
import { useCurrentUser } from '../auth/AuthProvider';
import { useConnectionWarning } from './useConnectionWarning';

interface MenuEntry {
  to: string;
  labelKey: string;
  icon: ReactElement;
  testId: string;
}

const EVERYONE: MenuEntry[] = [
  { to: '/', labelKey: 'menu.dashboard', icon: <DashboardOutlinedIcon />, testId: 'menu-dashboard' },
  { to: '/tickets', labelKey: 'menu.tickets', icon: <WhatsAppIcon />, testId: 'menu-tickets' },
  { to: '/contacts', labelKey: 'menu.contacts', icon: <ContactPhoneOutlinedIcon />, testId: 'menu-contacts' },
  { to: '/quickAnswers', labelKey: 'menu.quickAnswers', icon: <QuestionAnswerOutlinedIcon />, testId: 'menu-quick-answers' },
  { to: '/tags', labelKey: 'menu.tags', icon: <LocalOfferOutlinedIcon />, testId: 'menu-tags' },
  { to: '/scheduled', labelKey: 'menu.scheduled', icon: <EventNoteOutlinedIcon />, testId: 'menu-scheduled' },
];

const ADMINISTRATION: MenuEntry[] = [
  { to: '/connections', labelKey: 'menu.connections', icon: <SyncAltIcon />, testId: 'menu-connections' },
  { to: '/users', labelKey: 'menu.users', icon: <PeopleAltOutlinedIcon />, testId: 'menu-users' },
  { to: '/queues', labelKey: 'menu.queues', icon: <AccountTreeOutlinedIcon />, testId: 'menu-queues' },
  { to: '/settings', labelKey: 'menu.settings', icon: <SettingsOutlinedIcon />, testId: 'menu-settings' },
  { to: '/api', labelKey: 'menu.api', icon: <ApiOutlinedIcon />, testId: 'menu-api' },
  { to: '/apidocs', labelKey: 'menu.apiDocs', icon: <DescriptionOutlinedIcon />, testId: 'menu-apidocs' },
  { to: '/apikey', labelKey: 'menu.apiKey', icon: <KeyOutlinedIcon />, testId: 'menu-apikey' },
  { to: '/import', labelKey: 'menu.whaticketImport', icon: <MoveDownOutlinedIcon />, testId: 'menu-import' },
  { to: '/webhooks', labelKey: 'menu.webhooks', icon: <WebhookIcon />, testId: 'menu-webhooks' },
  { to: '/audit', labelKey: 'menu.audit', icon: <ManageHistoryOutlinedIcon />, testId: 'menu-audit' },
];

/** Admins and users granted the campaigns permission (the server refuses everyone else). */
const CAMPAIGNS: MenuEntry = { to: '/campaigns', labelKey: 'menu.campaigns', icon: <CampaignOutlinedIcon />, testId: 'menu-campaigns' };

/** Offered only when the server runs the simulator (its API answers 404 when it is off). */
const SIMULATOR: MenuEntry = { to: '/simulator', labelKey: 'simulator.menu', icon: <PhoneIphoneOutlinedIcon />, testId: 'menu-simulator' };

/** Paths are matched case-insensitively: /Settings and /settings are the same screen (spec §2). */
function isActive(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  return target === '/' ? path === '/' : path === target || path.startsWith(`${target}/`);
}

function MenuLink({ entry, open, badge, onNavigate }: { entry: MenuEntry; open: boolean; badge?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const label = t(entry.labelKey);
  const icon = badge ? (
    <Badge variant="dot" color="error" overlap="circular" data-testid="connections-warning" title={t('menu.connectionsWarning')}>
      {entry.icon}
    </Badge>
  ) : (
    entry.icon
  );
  return (
    <Tooltip title={open ? '' : label} placement="right">
      <ListItemButton
        component={NavLink}
        to={entry.to}
        selected={isActive(pathname, entry.to)}
        onClick={onNavigate}
        data-testid={entry.testId}
        sx={{ minHeight: 44, px: 2.5 }}
      >
        <ListItemIcon sx={{ minWidth: 0, mr: open ? 2 : 'auto', justifyContent: 'center' }}>{icon}</ListItemIcon>
        {/* A long label (es "Documentación de la API") wraps in the open drawer rather than being cut. */}
        <ListItemText
          primary={label}
          sx={{ opacity: open ? 1 : 0 }}
          slotProps={{ primary: { sx: { whiteSpace: open ? 'normal' : 'nowrap', lineHeight: 1.25 } } }}
        />
      </ListItemButton>
    </Tooltip>
  );
}

export function MainMenu({ open, onNavigate }: { open: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const showAdmin = useAllowed('administration.view');
  const connectionWarning = useConnectionWarning(showAdmin);
  const simulatorAvailable = useSimulatorAvailable(showAdmin);

  return (
    <List component="nav" data-testid="main-menu">
      {EVERYONE.map((entry) => (
        <MenuLink key={entry.to} entry={entry} open={open} onNavigate={onNavigate} />
      ))}
      {canRunCampaigns(user) && <MenuLink entry={CAMPAIGNS} open={open} onNavigate={onNavigate} />}
      {showAdmin && (
        <>
          <Divider sx={{ my: 1 }} />
          {open && (
            <ListSubheader inset={false} sx={{ bgcolor: 'transparent', lineHeight: '32px' }} data-testid="menu-administration">
              {t('menu.administration')}
            </ListSubheader>
          )}
          {ADMINISTRATION.map((entry) => (
            <MenuLink
              key={entry.to}
              entry={entry}
              open={open}
              onNavigate={onNavigate}
              badge={entry.to === '/connections' && connectionWarning}
            />
          ))}
          {simulatorAvailable && <MenuLink entry={SIMULATOR} open={open} onNavigate={onNavigate} />}
        </>
      )}
    </List>
  );
}
