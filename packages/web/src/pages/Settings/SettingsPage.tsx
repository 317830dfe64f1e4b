/**
 * /settings and /Settings — General settings (spec §2): one control per setting, saved on change
 * with PUT /settings/{key}.
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { settingValue, useSettings, useUpdateSetting } from '../../api/settings';
import { MainHeader } from '../../components/MainHeader';
import { PageSpinner } from '../../components/PageSpinner';
import { useToast } from '../../components/Toasts';
import { translateError } from '../../errors/translateError';
import { GENERAL_SETTING_KEYS, SETTING_CONTROLS, type GeneralSettingKey } from './settingControls';
import { SettingRow } from './SettingRow';

export default function SettingsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const settings = useSettings();
  const update = useUpdateSetting();

  const save = async (key: GeneralSettingKey, value: string) => {
    try {
      await update.mutateAsync({ key, value });
      toast.success(t('settings.saved'));
    } catch (err) {
      toast.error(err);
    }
  };

  return (
    <>
      <MainHeader title={t('settings.title')} />
      {settings.isLoading ? (
        <PageSpinner />
      ) : settings.isError ? (
        <Alert severity="error">{translateError(t, settings.error)}</Alert>
      ) : (
        <Stack spacing={1} sx={{ maxWidth: 900 }} data-testid="settings-list">
          {GENERAL_SETTING_KEYS.map((key) => (
            <SettingRow
              key={key}
              settingKey={key}
              control={SETTING_CONTROLS[key]}
              value={settingValue(settings.data, key) ?? ''}
              disabled={update.isPending && update.variables?.key === key}
              onChange={(value) => void save(key, value)}
            />
          ))}
        </Stack>
      )}
    </>
  );
}
