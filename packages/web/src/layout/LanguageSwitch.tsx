import TranslateIcon from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, normalizeLanguage } from '../i18n';

/** Pick pt / en / es; the choice is remembered in localStorage (i18nextLng). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = normalizeLanguage(i18n.language);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('topbar.language')}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="language-switch"
      >
        <TranslateIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor != null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((lng) => (
          <MenuItem
            key={lng}
            selected={lng === current}
            data-testid={`language-${lng}`}
            onClick={() => {
              setAnchor(null);
              void changeLanguage(lng);
            }}
          >
            {t(`languages.${lng}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
