/** Ticket and message times (spec §2, §9): HH:mm today, dd/MM/yyyy on any other day. */
import { DATE_FORMAT, TIME_FORMAT } from '@switchboard/shared';
import { format, isSameDay } from 'date-fns';

export function formatListTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, isSameDay(date, now) ? TIME_FORMAT : DATE_FORMAT);
}

export function formatClock(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, TIME_FORMAT);
}
