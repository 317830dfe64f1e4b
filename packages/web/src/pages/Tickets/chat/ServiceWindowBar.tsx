/**
 * The WhatsApp Cloud API's 24-hour customer-service window above the composer: while open, until
 * when; when closed, that only an approved template can go, with the template picker. Shows
 * nothing on channels without such a window.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TicketDTO } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServiceWindow } from '../../../api/cloud';
import { TemplateDialog } from './TemplateDialog';

export function ServiceWindowBar({ ticket }: { ticket: TicketDTO }) {
  const { t, i18n } = useTranslation();
  const query = useServiceWindow(ticket.id, ticket.updatedAt);
  const [picking, setPicking] = useState(false);
  const w = query.data;
  if (!w?.applies) return null;
  if (w.open) {
    const time = w.closesAt ? new Date(w.closesAt).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }) : '';
    return (
      <Typography variant="caption" color="text.secondary" sx={{ px: 2, py: 0.5 }} data-testid="service-window" data-open="true">
        {t('cloud.window.open', { time })}
      </Typography>
    );
  }
  const canSend = ticket.status === 'open';
  return (
    <>
      <Alert
        severity="warning"
        sx={{ borderRadius: 0 }}
        data-testid="service-window"
        data-open="false"
        action={
          canSend ? (
            <Button color="inherit" size="small" onClick={() => setPicking(true)} data-testid="template-open">
              {t('cloud.window.sendTemplate')}
            </Button>
          ) : undefined
        }
      >
        {t('cloud.window.closed')}
      </Alert>
      {picking && <TemplateDialog ticketId={ticket.id} onClose={() => setPicking(false)} />}
    </>
  );
}
