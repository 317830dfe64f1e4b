/**
 * The calendar of scheduled messages: a month of the company's calendar with every send on the
 * tickets the user may see — repeats to come included, sent ones and failed ones (with the reason)
 * on their day. A send opens its details: the chat, editing (in the chat's dialog) and cancelling.
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ScheduledCalendarDTO, ScheduledMessageDTO } from '@switchboard/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCancelScheduledMessage, useScheduledCalendar, useScheduledMessagesLive } from '../../api/scheduledMessages';
import { MainHeader } from '../../components/MainHeader';
import { PageSpinner } from '../../components/PageSpinner';
import { useToast } from '../../components/Toasts';
import { ScheduledMessagesDialog } from '../Tickets/scheduled/ScheduledMessagesDialog';
import { localDateTimeText, ScheduledStatusChip, scheduleWhenText } from '../Tickets/scheduled/scheduledText';

const pad = (n: number) => String(n).padStart(2, '0');

/** The month's days as 'YYYY-MM-DD', in weeks from Sunday (null pads the first and last week). */
function monthGrid(year: number, month: number): (string | null)[][] {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (string | null)[] = [
    ...Array<null>(first).fill(null),
    ...Array.from({ length: days }, (_, i) => `${year}-${pad(month)}-${pad(i + 1)}`),
  ];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

function thisMonth(): { year: number; month: number } {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

export default function ScheduledCalendarPage() {
  const { t } = useTranslation();
  const language = t('scheduled.locale');
  const [{ year, month }, setMonth] = useState(thisMonth);
  const from = `${year}-${pad(month)}-01`;
  const to = `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
  const calendar = useScheduledCalendar(from, to);
  useScheduledMessagesLive();
  const [open, setOpen] = useState<ScheduledMessageDTO | null>(null);
  const [editing, setEditing] = useState<ScheduledMessageDTO | null>(null);

  const move = (by: number) => {
    const m = month - 1 + by;
    setMonth({ year: year + Math.floor(m / 12), month: (((m % 12) + 12) % 12) + 1 });
  };
  const weekdays = useMemo(
    // 2023-01-01 was a Sunday.
    () =>
      Array.from({ length: 7 }, (_, i) =>
        new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + i))),
      ),
    [language],
  );
  const monthName = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  // "novembro de 2026" → "Novembro de 2026" (capitalising every word would give "De").
  const title = monthName.charAt(0).toUpperCase() + monthName.slice(1);

  return (
    <Box>
      <MainHeader title={t('scheduled.calendarTitle')} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        {/* On a phone the time zone wraps to a line of its own instead of squeezing into a column. */}
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
          <IconButton onClick={() => move(-1)} aria-label={t('scheduled.previousMonth')} data-testid="calendar-previous">
            <ChevronLeftIcon />
          </IconButton>
          <Typography
            variant="h6"
            sx={{ minWidth: { xs: 0, sm: 200 }, flex: { xs: 1, sm: 'none' }, textAlign: 'center' }}
            data-testid="calendar-month"
          >
            {title}
          </Typography>
          <IconButton onClick={() => move(1)} aria-label={t('scheduled.nextMonth')} data-testid="calendar-next">
            <ChevronRightIcon />
          </IconButton>
          <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
          {calendar.data && (
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ whiteSpace: 'nowrap', width: { xs: '100%', sm: 'auto' }, textAlign: 'center' }}
              data-testid="calendar-zone"
            >
              {t('scheduled.timeZone', { zone: calendar.data.timeZone })}
            </Typography>
          )}
        </Stack>
        {calendar.isLoading && <PageSpinner />}
        {calendar.isError && <Alert severity="error">{t('scheduled.loadError')}</Alert>}
        {calendar.data && <MonthGrid weeks={monthGrid(year, month)} weekdays={weekdays} data={calendar.data} onOpen={setOpen} />}
      </Paper>
      {open && (
        <OccurrenceDialog
          message={open}
          onClose={() => setOpen(null)}
          onEdit={() => {
            setEditing(open);
            setOpen(null);
          }}
        />
      )}
      {editing && (
        <ScheduledMessagesDialog ticketId={editing.ticketId} contactName={editing.contact.name} onClose={() => setEditing(null)} />
      )}
    </Box>
  );
}

function MonthGrid({
  weeks,
  weekdays,
  data,
  onOpen,
}: {
  weeks: (string | null)[][];
  weekdays: string[];
  data: ScheduledCalendarDTO;
  onOpen: (m: ScheduledMessageDTO) => void;
}) {
  const byId = useMemo(() => new Map(data.scheduledMessages.map((m) => [m.id, m])), [data]);
  const byDay = useMemo(() => {
    const days = new Map<string, { localAt: string; message: ScheduledMessageDTO }[]>();
    for (const o of data.occurrences) {
      const message = byId.get(o.scheduledMessageId);
      if (!message) continue;
      const day = o.localAt.slice(0, 10);
      days.set(day, [...(days.get(day) ?? []), { localAt: o.localAt, message }]);
    }
    return days;
  }, [data, byId]);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(110px, 1fr))', minWidth: 770 }} data-testid="calendar-grid">
        {weekdays.map((w) => (
          <Typography key={w} variant="caption" color="text.secondary" sx={{ p: 0.5, textTransform: 'capitalize', fontWeight: 500 }}>
            {w}
          </Typography>
        ))}
        {weeks.flat().map((day, i) => (
          <Box
            key={day ?? `pad-${i}`}
            sx={{ border: 1, borderColor: 'divider', minHeight: 96, p: 0.5, bgcolor: day ? 'background.paper' : 'action.hover' }}
            data-testid={day ? `calendar-day-${day}` : undefined}
          >
            {day && (
              <Typography variant="caption" color="text.secondary">
                {Number(day.slice(8))}
              </Typography>
            )}
            {day &&
              byDay.get(day)?.map(({ localAt, message }) => (
                <ButtonBase
                  key={`${message.id}-${localAt}`}
                  onClick={() => onOpen(message)}
                  sx={{
                    display: 'block',
                    width: '100%',
                    textAlign: 'left',
                    borderRadius: 0.5,
                    px: 0.5,
                    mb: 0.25,
                    bgcolor: message.status === 'failed' ? 'error.light' : message.status === 'done' ? 'success.light' : 'info.light',
                    color:
                      message.status === 'failed'
                        ? 'error.contrastText'
                        : message.status === 'done'
                          ? 'success.contrastText'
                          : 'info.contrastText',
                  }}
                  data-testid={`calendar-entry-${message.id}`}
                >
                  <Typography variant="caption" noWrap component="div">
                    {localAt.slice(11)} · {message.contact.name}
                  </Typography>
                </ButtonBase>
              ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function OccurrenceDialog({ message, onClose, onEdit }: { message: ScheduledMessageDTO; onClose: () => void; onEdit: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const cancel = useCancelScheduledMessage();
  const pending = message.status === 'scheduled' || message.status === 'failed';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="calendar-details">
      <DialogTitle>{message.contact.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2">{scheduleWhenText(t, message)}</Typography>
            <ScheduledStatusChip message={message} />
          </Stack>
          <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="calendar-details-body">
            {message.body}
          </Typography>
          {message.status === 'failed' && message.lastError && (
            <Alert severity="error" data-testid="calendar-details-error">
              {t(`errors.${message.lastError}`, { defaultValue: message.lastError })}
            </Alert>
          )}
          <Typography variant="caption" color="text.secondary">
            {message.user ? t('scheduled.by', { name: message.user.name }) : ''}
            {message.sentCount > 0 ? ` · ${t('scheduled.sentCount', { count: message.sentCount })}` : ''}
            {message.status === 'done' ? ` · ${localDateTimeText(message.nextLocalAt, t('scheduled.locale'))}` : ''}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigate(`/tickets/${message.ticketId}`)} data-testid="calendar-open-chat">
          {t('scheduled.openChat')}
        </Button>
        {pending && (
          <Button onClick={onEdit} data-testid="calendar-edit">
            {t('common.edit')}
          </Button>
        )}
        {pending && (
          <Button
            color="error"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(message.id, {
                onSuccess: () => {
                  toast.success(t('scheduled.cancelled'));
                  onClose();
                },
                onError: (err) => toast.error(err),
              })
            }
            data-testid="calendar-cancel"
          >
            {t('scheduled.cancel')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
