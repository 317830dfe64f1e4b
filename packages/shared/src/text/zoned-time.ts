/**
 * Wall-clock times in a named time zone, for scheduled messages: a user picks "9:30 on the 5th"
 * in the company's zone, and a recurrence repeats that wall time (a daily 9:30 stays 9:30 across a
 * daylight-saving change; a monthly "31st" falls on the last day of shorter months).
 * Local times are written 'YYYY-MM-DDTHH:mm'; dates 'YYYY-MM-DD'.
 */

export const LOCAL_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;
export const LOCAL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const RECURRENCES = ['none', 'daily', 'weekly', 'monthly'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

interface Wall {
  y: number;
  mo: number; // 1–12
  d: number;
  h: number;
  mi: number;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function parseLocal(local: string): Wall {
  const [date, time = '00:00'] = local.split('T');
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  return { y, mo, d, h, mi };
}

function formatWall(w: Wall): string {
  return `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}

const daysInMonth = (y: number, mo: number) => new Date(Date.UTC(y, mo, 0)).getUTCDate();

/** Whether the text is a real calendar date-time (no 31 February). */
export function isLocalDateTime(local: string): boolean {
  if (!LOCAL_DATE_TIME.test(local)) return false;
  const w = parseLocal(local);
  return w.d <= daysInMonth(w.y, w.mo);
}

export function isLocalDate(date: string): boolean {
  if (!LOCAL_DATE.test(date)) return false;
  const w = parseLocal(date);
  return w.d <= daysInMonth(w.y, w.mo);
}

/** The wall time of `date` in `timeZone`, as 'YYYY-MM-DDTHH:mm'. */
export function toLocalDateTime(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return formatWall({ y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute') });
}

/** Minutes the zone is ahead of UTC at `date`. */
function offsetMinutes(date: Date, timeZone: string): number {
  const w = parseLocal(toLocalDateTime(date, timeZone));
  const asUtc = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi);
  return Math.round((asUtc - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a wall time in `timeZone` names. A wall time skipped by a daylight-saving jump
 * resolves to the instant after the jump (02:30 on a spring-forward night is 03:30); a repeated
 * one resolves to its first instance.
 */
export function fromLocalDateTime(local: string, timeZone: string): Date {
  const w = parseLocal(local);
  const asUtc = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi);
  // Two passes settle the offset, the second one at the instant the first one found.
  const first = asUtc - offsetMinutes(new Date(asUtc), timeZone) * 60_000;
  const second = asUtc - offsetMinutes(new Date(first), timeZone) * 60_000;
  const exact = [first, second].filter((t) => toLocalDateTime(new Date(t), timeZone) === formatWall(w));
  // In a gap neither reads back: the offset before the jump (the later instant) lands after it.
  return new Date(exact.length ? Math.min(...exact) : Math.max(first, second));
}

/** The wall time of the n-th occurrence (0 = the first) of a recurrence starting at `start`. */
export function nthLocalOccurrence(start: string, recurrence: Recurrence, n: number): string {
  const w = parseLocal(start);
  if (recurrence === 'none' || n === 0) return formatWall(w);
  if (recurrence === 'monthly') {
    const months = w.mo - 1 + n;
    const y = w.y + Math.floor(months / 12);
    const mo = (months % 12) + 1;
    return formatWall({ ...w, y, mo, d: Math.min(w.d, daysInMonth(y, mo)) });
  }
  const days = recurrence === 'daily' ? n : 7 * n;
  const moved = new Date(Date.UTC(w.y, w.mo - 1, w.d + days));
  return formatWall({ ...w, y: moved.getUTCFullYear(), mo: moved.getUTCMonth() + 1, d: moved.getUTCDate() });
}

/** Whether the n-th occurrence exists: one-offs have only the first; a recurrence ends on its last day. */
export function occurrenceWithinEnd(local: string, recurrence: Recurrence, n: number, until: string | null): boolean {
  if (recurrence === 'none') return n === 0;
  return until == null || local.slice(0, 10) <= until;
}
