/** The sign option: replies start with the attendant's name; remembered in this browser (spec §3). */
import CreateIcon from '@mui/icons-material/Create';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useStoredState } from '../../../components/useStoredState';

export const SIGN_OPTION_KEY = 'signOption';

export function useSignOption() {
  return useStoredState(SIGN_OPTION_KEY, true);
}

export function SignButton({ signOn, onChange, disabled }: { signOn: boolean; onChange: (on: boolean) => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('tickets.composer.sign')}>
      <span>
        <IconButton
          disabled={disabled}
          color={signOn ? 'primary' : 'default'}
          onClick={() => onChange(!signOn)}
          aria-label={t('tickets.composer.sign')}
          aria-pressed={signOn}
          data-testid="composer-sign"
        >
          <CreateIcon />
        </IconButton>
      </span>
    </Tooltip>
  );
}
