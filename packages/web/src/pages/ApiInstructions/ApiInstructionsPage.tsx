/**
 * /api — how to send messages through the external API (spec §2 "API instructions page"): the
 * token, the number format and two POST examples for this server's address. Admins get the
 * examples with their real token filled in; others see a placeholder.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { allowed } from '@switchboard/shared';
import { accessActorOf } from '../../access/actor';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useApiToken } from '../../api/apiToken';
import { useCurrentUser } from '../../auth/AuthProvider';
import { CopyableCode } from '../../components/CopyableCode';
import { MainHeader } from '../../components/MainHeader';
import { jsonExample, multipartExample, TOKEN_PLACEHOLDER } from './examples';

export default function ApiInstructionsPage() {
  const { t } = useTranslation();
  // The token is a secret setting: only who may read it gets it filled in (and the link to its page).
  const admin = allowed(accessActorOf(useCurrentUser()), 'setting.read', { secret: true });
  const token = useApiToken(admin).data?.value ?? TOKEN_PLACEHOLDER;
  const origin = window.location.origin;

  return (
    <Box sx={{ p: 2 }}>
      <MainHeader title={t('apiPage.title')} />
      <Paper variant="outlined" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography>{t('apiPage.intro')}</Typography>
        <section>
          <Typography variant="h6" color="primary">
            {t('apiPage.tokenTitle')}
          </Typography>
          <Typography>{t('apiPage.tokenText')}</Typography>
          {admin && (
            <Link component={RouterLink} to="/apikey" data-testid="api-page-apikey-link">
              {t('apiPage.tokenLink')}
            </Link>
          )}
        </section>
        <section>
          <Typography variant="h6" color="primary">
            {t('apiPage.numberTitle')}
          </Typography>
          <Typography>{t('apiPage.numberText')}</Typography>
          <Typography color="text.secondary">{t('apiPage.optionalText')}</Typography>
        </section>
        <section>
          <Typography variant="h6" color="primary">
            {t('apiPage.textTitle')}
          </Typography>
          <CopyableCode code={jsonExample(origin, token)} testId="api-example-json" />
        </section>
        <section>
          <Typography variant="h6" color="primary">
            {t('apiPage.mediaTitle')}
          </Typography>
          <Typography>{t('apiPage.mediaText')}</Typography>
          <CopyableCode code={multipartExample(origin, token)} testId="api-example-multipart" />
        </section>
        <Link component={RouterLink} to="/apidocs">
          {t('apiPage.docsLink')}
        </Link>
      </Paper>
    </Box>
  );
}
