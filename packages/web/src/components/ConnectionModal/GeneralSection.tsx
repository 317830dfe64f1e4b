/** Name, channel kind (only when creating: a session cannot change kind) and the flags. */
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import { CHANNEL_KINDS, type ChannelKind } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { FormSelect, FormSwitch, FormText, type ConnectionControl } from './fields';

/** The Cloud API and the web chat have no group chats: "Allow group messages" means nothing there. */
export function channelHasGroups(channel: ChannelKind | undefined): boolean {
  return channel !== 'whatsapp-cloud' && channel !== 'webchat';
}

export function GeneralSection({ control, creating, groups }: { control: ConnectionControl; creating: boolean; groups: boolean }) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: creating ? 8 : 12 }}>
        <FormText control={control} name="name" label={t('connections.form.name')} autoFocus />
      </Grid>
      {creating && (
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelect
            control={control}
            name="channel"
            label={t('connections.form.channel')}
            options={CHANNEL_KINDS.map((k) => ({ value: k, label: t(`connections.channels.${k}`) }))}
          />
        </Grid>
      )}
      <Grid size={12}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
          <FormSwitch control={control} name="isDefault" label={t('connections.form.isDefault')} />
          {groups && <FormSwitch control={control} name="isGroup" label={t('connections.form.isGroup')} />}
          <FormSwitch control={control} name="isDisplay" label={t('connections.form.isDisplay')} />
        </Box>
      </Grid>
    </Grid>
  );
}
