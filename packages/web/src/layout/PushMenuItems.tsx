/**
 * The profile menu's Web Push switches: "Notifications on this device" subscribes this browser for
 * the signed-in user; "Hide previews" keeps message and note text out of its pushes. Shown
 * disabled, with the reason, where the browser cannot receive pushes or the user blocked them.
 */
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../i18n';
import { ApiError } from '../api/ApiError';
import { useToast } from '../components/Toasts';
import { disablePush, enablePush, pushSupport, setHidePreviews, thisDevice } from '../pwa/push';

const KEY = ['push', 'thisDevice'];

export function PushMenuItems() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const support = pushSupport();
  const device = useQuery({ queryKey: KEY, queryFn: thisDevice, enabled: support === 'supported', staleTime: 0 });
  const on = !!device.data;
  const failed = (err: unknown) => {
    console.error('push settings failed', err);
    if (err instanceof ApiError) toast.error(err);
    else toast.info(Notification.permission === 'denied' ? t('push.blocked') : t('push.failed'));
  };
  const toggle = useMutation({
    mutationFn: async () =>
      on ? (await disablePush(), null) : enablePush({ hidePreviews: false, language: normalizeLanguage(i18n.language) }),
    onSuccess: (next) => queryClient.setQueryData(KEY, next),
    onError: failed,
  });
  const previews = useMutation({
    mutationFn: (hide: boolean) => setHidePreviews(device.data!.id, hide),
    onSuccess: (next) => queryClient.setQueryData(KEY, next),
    onError: failed,
  });
  const busy = toggle.isPending || previews.isPending || device.isLoading;
  const reason = support === 'unsupported' ? t('push.unsupported') : support === 'denied' ? t('push.blocked') : undefined;
  return (
    <>
      <MenuItem
        data-testid="push-toggle"
        role="menuitemcheckbox"
        aria-checked={on}
        disabled={support !== 'supported' || busy}
        onClick={() => toggle.mutate()}
      >
        <ListItemIcon>
          <NotificationsActiveOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={t('push.thisDevice')}
          secondary={reason}
          slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 220 } } }}
        />
        {/* The item is the checkbox (menuitemcheckbox); the switch only draws its state. */}
        <Switch edge="end" size="small" checked={on} tabIndex={-1} slotProps={{ input: { 'aria-hidden': true } }} />
      </MenuItem>
      {on && (
        <MenuItem
          data-testid="push-hide-previews"
          role="menuitemcheckbox"
          aria-checked={device.data!.hidePreviews}
          disabled={busy}
          onClick={() => previews.mutate(!device.data!.hidePreviews)}
        >
          <ListItemIcon>
            <VisibilityOffOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('push.hidePreviews')} />
          <Switch
            edge="end"
            size="small"
            checked={device.data!.hidePreviews}
            tabIndex={-1}
            slotProps={{ input: { 'aria-hidden': true } }}
          />
        </MenuItem>
      )}
    </>
  );
}
