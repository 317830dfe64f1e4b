/** /apidocs — the server's OpenAPI documentation (Swagger UI at /api/docs) in a frame. */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { MainHeader } from '../../components/MainHeader';

export const API_DOCS_URL = '/api/docs';

export default function ApiDocsPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', height: 'calc(100vh - 120px)' }}>
      <MainHeader title={t('apiDocs.title')} />
      <Box
        component="iframe"
        src={API_DOCS_URL}
        title={t('apiDocs.frameTitle')}
        data-testid="api-docs-frame"
        sx={{ flexGrow: 1, width: '100%', border: 0, borderRadius: 1, bgcolor: '#fff' }}
      />
    </Box>
  );
}
