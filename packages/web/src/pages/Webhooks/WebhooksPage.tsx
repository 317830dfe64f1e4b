/** /webhooks — admins register the URLs that receive the product's events (signed, retried). */
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { WebhookDTO } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteWebhook, useTestWebhook, useWebhooks } from '../../api/webhooks';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { ListTable } from '../../components/ListTable';
import { MainHeader } from '../../components/MainHeader';
import { useToast } from '../../components/Toasts';
import { WebhookDialog } from './WebhookDialog';

export default function WebhooksPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const list = useWebhooks();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [editing, setEditing] = useState<WebhookDTO | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookDTO | null>(null);
  const rows = list.data ?? [];

  const sendTest = (id: number) =>
    test.mutateAsync(id).then(
      () => {
        toast.success(t('webhooks.testQueued'));
        void navigate(`/webhooks/${id}`);
      },
      (err: unknown) => toast.error(err),
    );

  return (
    <Box sx={{ p: 2 }}>
      <MainHeader title={t('webhooks.title')}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="webhook-add">
          {t('webhooks.add')}
        </Button>
      </MainHeader>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {t('webhooks.intro')}
      </Typography>
      <Paper variant="outlined">
        <ListTable
          testId="webhooks-table"
          columns={[
            { key: 'url', label: t('webhooks.url') },
            { key: 'events', label: t('webhooks.events') },
            { key: 'status', label: t('webhooks.status') },
            { key: 'actions', label: t('webhooks.actions'), align: 'right' },
          ]}
          footer={
            !list.isLoading && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>{t('webhooks.empty')}</TableCell>
              </TableRow>
            ) : null
          }
        >
          {rows.map((w) => (
            <TableRow key={w.id} data-testid={`webhook-row-${w.id}`}>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{w.url}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {w.events.map((e) => (
                    <Chip key={e} size="small" label={t(`webhooks.eventNames.${e}`, { defaultValue: e })} />
                  ))}
                </Box>
              </TableCell>
              <TableCell>{w.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => void navigate(`/webhooks/${w.id}`)} data-testid={`webhook-deliveries-${w.id}`}>
                  {t('webhooks.deliveries')}
                </Button>
                <Button size="small" onClick={() => void sendTest(w.id)} data-testid={`webhook-test-${w.id}`}>
                  {t('webhooks.test')}
                </Button>
                <Button size="small" onClick={() => setEditing(w)} data-testid={`webhook-edit-${w.id}`}>
                  {t('webhooks.edit')}
                </Button>
                <Button size="small" color="error" onClick={() => setDeleting(w)} data-testid={`webhook-delete-${w.id}`}>
                  {t('webhooks.remove')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      </Paper>
      {editing && <WebhookDialog webhook={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmationModal
        open={deleting != null}
        title={t('webhooks.confirmDelete')}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove.mutateAsync(deleting.id).catch((err: unknown) => toast.error(err));
          setDeleting(null);
        }}
      >
        {deleting?.url}
      </ConfirmationModal>
    </Box>
  );
}
