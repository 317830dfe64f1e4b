/** Shown in the chat pane while no ticket is open (spec §2): an illustration and a hint. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

function ChatIllustration() {
  const theme = useTheme();
  const primary = theme.palette.primary.main;
  const paper = theme.palette.background.paper;
  return (
    <svg width="220" height="160" viewBox="0 0 220 160" role="img" aria-hidden="true">
      <circle cx="110" cy="80" r="74" fill={primary} opacity="0.08" />
      <rect x="30" y="38" width="110" height="56" rx="14" fill={paper} stroke={primary} strokeWidth="2" />
      <path d="M52 94 l-6 18 l22 -18z" fill={paper} stroke={primary} strokeWidth="2" strokeLinejoin="round" />
      <rect x="46" y="54" width="70" height="7" rx="3.5" fill={primary} opacity="0.35" />
      <rect x="46" y="69" width="48" height="7" rx="3.5" fill={primary} opacity="0.2" />
      <rect x="92" y="78" width="98" height="48" rx="14" fill={primary} />
      <path d="M170 126 l8 16 l-22 -16z" fill={primary} />
      <circle cx="120" cy="102" r="5" fill="#fff" />
      <circle cx="141" cy="102" r="5" fill="#fff" />
      <circle cx="162" cy="102" r="5" fill="#fff" />
    </svg>
  );
}

export function WelcomePane() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        p: 3,
        textAlign: 'center',
      }}
      data-testid="tickets-welcome"
    >
      <ChatIllustration />
      <Typography variant="h6">{t('tickets.welcome')}</Typography>
      <Typography color="text.secondary">{t('tickets.welcomeHint')}</Typography>
    </Box>
  );
}
