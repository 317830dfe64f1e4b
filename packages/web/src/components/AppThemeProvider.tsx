import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { settingValue, useSettings } from '../api/settings';
import { useAuth } from '../auth/AuthProvider';
import { normalizeLanguage } from '../i18n';
import { createAppTheme, themeModeOf } from '../theme';

/**
 * Applies the theme chosen by the darkMode setting (readable only once signed in), without motion
 * when the system asks for reduced motion.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { i18n } = useTranslation();
  const settings = useSettings(user != null);
  const mode = themeModeOf(user && !settings.isError ? settingValue(settings.data, 'darkMode') : undefined);
  const language = normalizeLanguage(i18n.language);
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(() => createAppTheme(mode, language, reduceMotion), [mode, language, reduceMotion]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <div data-testid="theme-root" data-theme-mode={mode} style={{ display: 'contents' }}>
        {children}
      </div>
    </ThemeProvider>
  );
}
