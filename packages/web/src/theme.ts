/**
 * Light and dark themes with the colours of spec §9. Component texts (pagination, pickers…) follow
 * MUI's Portuguese-Brazil locale when the interface language is Portuguese.
 */
import { createTheme, type Theme } from '@mui/material/styles';
import { enUS, esES, ptBR } from '@mui/material/locale';
import { THEME_COLORS } from '@switchboard/shared';
import type { Language } from './i18n';

export type ThemeMode = 'light' | 'dark';

/** Dark only when the darkMode setting is exactly 'enabled'; a missing or failed setting means light. */
export function themeModeOf(darkModeSetting: string | undefined): ThemeMode {
  return darkModeSetting === 'enabled' ? 'dark' : 'light';
}

const LOCALES = { pt: ptBR, en: enUS, es: esES } as const;

export function createAppTheme(mode: ThemeMode, language: Language): Theme {
  const palette =
    mode === 'dark'
      ? {
          mode,
          primary: { main: THEME_COLORS.dark.primary },
          secondary: { main: THEME_COLORS.dark.secondary },
          background: { default: THEME_COLORS.dark.background, paper: THEME_COLORS.dark.paper },
        }
      : {
          mode,
          primary: { main: THEME_COLORS.light.primary },
          secondary: { main: THEME_COLORS.light.secondary },
        };
  return createTheme(
    {
      palette,
      components: {
        MuiAppBar: { defaultProps: { elevation: 1 } },
      },
    },
    LOCALES[language],
  );
}
