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

/**
 * Without motion every transition is instant: what the operating system's "reduce motion" asks
 * for, and what keeps menus and dialogs where they are drawn while a busy machine renders them.
 */
const NO_MOTION = {
  create: () => 'none',
  getAutoHeightDuration: () => 0,
  duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
};

export function createAppTheme(mode: ThemeMode, language: Language, reduceMotion = false): Theme {
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
      ...(reduceMotion ? { transitions: NO_MOTION } : {}),
      components: {
        MuiAppBar: { defaultProps: { elevation: 1 } },
        // On a phone a dialog keeps 16 px from the screen's edges instead of 32: at 390 px that is
        // 32 px more for its fields (labels, date and time inputs) and its action buttons.
        MuiDialog: {
          styleOverrides: {
            paper: ({ theme }) => ({
              [theme.breakpoints.down('sm')]: {
                '&:not(.MuiDialog-paperFullScreen)': {
                  margin: theme.spacing(2),
                  maxHeight: `calc(100% - ${theme.spacing(4)})`,
                  '&.MuiDialog-paperFullWidth': { width: `calc(100% - ${theme.spacing(4)})` },
                  maxWidth: `calc(100% - ${theme.spacing(4)})`,
                },
              },
            }),
          },
        },
        ...(reduceMotion ? { MuiButtonBase: { defaultProps: { disableRipple: true } } } : {}),
      },
    },
    LOCALES[language],
  );
}
