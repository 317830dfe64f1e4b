/** How a scheduled message's timing and state read, in the dialog and on the calendar. */
import Chip from '@mui/material/Chip';
import type { ScheduledMessageDTO } from '@switchboard/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** 'YYYY-MM-DDTHH:mm' (a wall time of the company's zone) in the reader's language, without moving it to the browser's zone. */
export function localDateTimeText(local: string, language: string): string {
  const [date, time] = local.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d, h, mi)),
  );
}

/** 'YYYY-MM-DD' of the company's calendar in the reader's language. */
export function localDateText(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

export function scheduleWhenText(t: TFunction, m: ScheduledMessageDTO): string {
  const language = t('scheduled.locale');
  const when = localDateTimeText(m.nextLocalAt, language);
  if (m.recurrence === 'none') return when;
  return t('scheduled.repeating', {
    when,
    recurrence: t(`scheduled.recurrence.${m.recurrence}`),
    until: m.until ? localDateText(m.until, language) : '',
  });
}

const COLOR = { scheduled: 'info', done: 'success', failed: 'error', cancelled: 'default' } as const;

export function ScheduledStatusChip({ message }: { message: ScheduledMessageDTO }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLOR[message.status]}
      label={t(`scheduled.status.${message.status}`)}
      data-testid={`scheduled-status-${message.status}`}
    />
  );
}
