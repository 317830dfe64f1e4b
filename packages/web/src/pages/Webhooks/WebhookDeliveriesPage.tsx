/** /webhooks/:id — the delivery log: status, response code, attempts, error, retry; and a test delivery. */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { DATE_FORMAT, TIME_FORMAT, type WebhookDeliveryDTO } from '@switchboard/shared';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useRetryDelivery, useTestWebhook, useWebhookDeliveries, useWebhooks } from '../../api/webhooks';
import { ListTable } from '../../components/ListTable';
import { MainHeader } from '../../components/MainHeader';
import { useToast } from '../../components/Toasts';
import { deliveryErrorText } from './delivery-error';

/** The product's date and time format in every language (with seconds: deliveries follow each other closely). */
const when = (iso: string) => format(new Date(iso), `${DATE_FORMAT} ${TIME_FORMAT}:ss`);

const STATUS_COLOR = { pending: 'default', delivering: 'info', delivered: 'success', failed: 'error' } as const;

export default function WebhookDeliveriesPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const webhook = useWebhooks().data?.find((w) => w.id === id);
  const log = useWebhookDeliveries(id);
  const retry = useRetryDelivery(id);
  const test = useTestWebhook();
  const rows: WebhookDeliveryDTO[] = log.data?.pages.flatMap((p) => p.deliveries) ?? [];

  return (
    <Box sx={{ p: 2 }}>
      <MainHeader title={t('webhooks.deliveriesTitle', { url: webhook?.url ?? '' })}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate('/webhooks')}>
          {t('webhooks.back')}
        </Button>
        <Button
          variant="contained"
          data-testid="deliveries-test"
          onClick={() =>
            void test.mutateAsync(id).then(
              () => toast.success(t('webhooks.testQueued')),
              (err: unknown) => toast.error(err),
            )
          }
        >
          {t('webhooks.test')}
        </Button>
      </MainHeader>
      <Paper variant="outlined">
        <ListTable
          testId="deliveries-table"
          columns={[
            { key: 'event', label: t('webhooks.event') },
            { key: 'status', label: t('webhooks.status') },
            { key: 'code', label: t('webhooks.code') },
            { key: 'attempts', label: t('webhooks.attempts') },
            { key: 'created', label: t('webhooks.created') },
            { key: 'error', label: t('webhooks.error') },
            { key: 'actions', label: t('webhooks.actions'), align: 'right' },
          ]}
          footer={
            !log.isLoading && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7}>{t('webhooks.noDeliveries')}</TableCell>
              </TableRow>
            ) : null
          }
        >
          {rows.map((d) => (
            <TableRow key={d.id} data-testid={`delivery-${d.id}`} data-status={d.status}>
              <TableCell>{t(`webhooks.eventNames.${d.event}`, { defaultValue: d.event })}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={STATUS_COLOR[d.status]}
                  label={t(`webhooks.statuses.${d.status}`)}
                  data-testid="delivery-status"
                />
              </TableCell>
              <TableCell data-testid="delivery-code">{d.responseCode ?? '—'}</TableCell>
              <TableCell>{d.attempts}</TableCell>
              <TableCell>{when(d.createdAt)}</TableCell>
              <TableCell
                sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis' }}
                title={d.lastError ?? undefined}
                data-testid="delivery-error"
              >
                {deliveryErrorText(d.lastError, (code) => (i18n.exists(`errors.${code}`) ? t(`errors.${code}`) : null))}
              </TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  disabled={d.status === 'delivering' || retry.isPending}
                  data-testid={`delivery-retry-${d.id}`}
                  onClick={() =>
                    void retry.mutateAsync(d.id).then(
                      () => toast.success(t('webhooks.retried')),
                      (err: unknown) => toast.error(err),
                    )
                  }
                >
                  {t('webhooks.retry')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      </Paper>
      {log.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}>
          <Button onClick={() => void log.fetchNextPage()}>{t('webhooks.more')}</Button>
        </Box>
      )}
    </Box>
  );
}
