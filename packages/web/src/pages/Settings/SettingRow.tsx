import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMPANY_LANGUAGES } from '@switchboard/shared';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { durationParts, type GeneralSettingKey, type SettingControl } from './settingControls';

/**
 * The browser's IANA zones, with UTC (which browsers leave out of the list) and the current value
 * (which may be an alias the server accepts) always offered.
 */
function timeZoneOptions(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    // Older browsers: the field still shows and keeps the current value.
  }
  return [...new Set([current, 'UTC', ...zones].filter(Boolean))];
}

export function SettingRow({
  settingKey,
  control,
  value,
  disabled,
  onChange,
}: {
  settingKey: GeneralSettingKey;
  control: SettingControl;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const label = t(`settings.keys.${settingKey}`);
  const zones = useMemo(() => (control.kind === 'timezone' ? timeZoneOptions(value) : []), [control.kind, value]);

  let input: React.ReactNode;
  if (control.kind === 'switch') {
    input = (
      <Switch
        checked={value === 'enabled'}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked ? 'enabled' : 'disabled')}
        slotProps={{ input: { 'aria-label': label, 'data-testid': `setting-${settingKey}` } as object }}
      />
    );
  } else if (control.kind === 'select') {
    input = (
      <SettingSelect settingKey={settingKey} label={label} value={value} disabled={disabled} onChange={onChange}>
        {control.neverOption && <MenuItem value="0">{t('settings.never')}</MenuItem>}
        {control.options.map((option) => {
          const { key, count } = durationParts(option, control.unit);
          return (
            <MenuItem key={option} value={String(option)}>
              {t(key, { count })}
            </MenuItem>
          );
        })}
      </SettingSelect>
    );
  } else if (control.kind === 'language') {
    input = (
      <SettingSelect settingKey={settingKey} label={label} value={value} disabled={disabled} onChange={onChange}>
        {COMPANY_LANGUAGES.map((language) => (
          <MenuItem key={language} value={language}>
            {t(`languages.${language}`)}
          </MenuItem>
        ))}
      </SettingSelect>
    );
  } else {
    input = (
      <Autocomplete
        size="small"
        options={zones}
        value={value}
        disabled={disabled}
        disableClearable
        onChange={(_e, zone) => zone && onChange(zone)}
        sx={{ minWidth: 260 }}
        renderInput={(params) => (
          <TextField
            {...params}
            slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': `setting-${settingKey}`, 'aria-label': label } }}
          />
        )}
      />
    );
  }

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
      data-testid={`setting-row-${settingKey}`}
    >
      <Typography>{label}</Typography>
      {input}
    </Paper>
  );
}

/** The drop-down of a select-like setting (durations, the company language): its options as children. */
function SettingSelect(props: {
  settingKey: string;
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <TextField
      select
      size="small"
      value={props.value}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ minWidth: 180 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': `setting-${props.settingKey}`, 'aria-label': props.label } as object } }}
    >
      {props.children}
    </TextField>
  );
}
