/**
 * /login (public): sign in, and sign up when the server allows it (GET /auth/config).
 */
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthConfig } from '../../api/auth';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { APP_VERSION } from '../../version';
import { LoginForm } from './LoginForm';
import { SignupForm } from './SignupForm';

export default function LoginPage() {
  const { t } = useTranslation();
  const config = useAuthConfig();
  const signupAllowed = config.data?.signupAllowed === true;
  const [signingUp, setSigningUp] = useState(false);
  const showSignup = signupAllowed && signingUp;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <LanguageSwitch />
      </Box>
      <Container maxWidth="xs" sx={{ flexGrow: 1, display: 'flex', alignItems: 'center' }}>
        <Paper sx={{ p: 4, width: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center' }} elevation={3}>
          <Avatar sx={{ bgcolor: 'primary.main', mb: 1 }}>
            <LockOutlinedIcon />
          </Avatar>
          <Typography component="h1" variant="h5" sx={{ mb: 0.5 }}>
            {t('app.name')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="login-title">
            {showSignup ? t('signup.title') : t('login.title')}
          </Typography>
          <Box sx={{ width: '100%' }}>{showSignup ? <SignupForm onDone={() => setSigningUp(false)} /> : <LoginForm />}</Box>
          {signupAllowed && (
            <Link
              component="button"
              type="button"
              variant="body2"
              sx={{ mt: 2 }}
              onClick={() => setSigningUp(!signingUp)}
              data-testid="signup-toggle"
            >
              {showSignup ? t('signup.haveAccount') : t('login.noAccount')}
            </Link>
          )}
        </Paper>
      </Container>
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', py: 1 }}>
        {t('footer.version', { version: APP_VERSION })}
      </Typography>
    </Box>
  );
}
