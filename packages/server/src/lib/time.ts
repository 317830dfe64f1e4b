/** Time-of-day helpers in a given IANA time zone (work hours, greetings, out-of-hours). */

/** 'HH:mm' → minutes since midnight. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/** Minutes since midnight of `date` in `timeZone`. */
export function minutesInZone(date: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const h = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const m = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return h * 60 + m;
}

/**
 * Whether `date` falls within [start, end] in `timeZone`, inclusive of the end minute. A range whose
 * end is before its start spans midnight (22:00–06:00).
 */
export function isWithinTimeRange(date: Date, start: string, end: string, timeZone: string): boolean {
  const now = minutesInZone(date, timeZone);
  const s = minutesOf(start);
  const e = minutesOf(end);
  return s <= e ? now >= s && now <= e : now >= s || now <= e;
}
