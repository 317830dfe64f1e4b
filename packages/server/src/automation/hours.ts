/**
 * Work hours as pure functions of a moment and a time zone (BEHAVIOUR "Sector menu and
 * greetings"): a connection's week (per weekday on/off, start–end with a lunch break, holidays as
 * closed days) and a sector's daily start–end.
 *
 * Times are compared as local wall-clock minutes, so "08:00" means 08:00 in the configured zone
 * whatever the server's own zone is. A connection's day is open on [start, lunchStart) and
 * [lunchEnd, end): 12:00 is already lunch, 13:00 is open again, 18:00 is closed; an end of 23:59
 * means the whole rest of the day.
 */
import { DEFAULT_CONNECTION_HOURS, DEFAULT_SECTOR_HOURS, defaultWeekHours, type WeekHours } from '@switchboard/shared';
import { isWithinTimeRange, minutesOf } from '../lib/time.js';

const WEEKDAY_BY_SHORT: Record<string, keyof WeekHours> = {
  Mon: 'monday',
  Tue: 'tuesday',
  Wed: 'wednesday',
  Thu: 'thursday',
  Fri: 'friday',
  Sat: 'saturday',
  Sun: 'sunday',
};

export interface ConnectionHours {
  defineWorkHours: boolean;
  workHours: WeekHours | null;
  holidays: string[];
}

export interface LocalMoment {
  /** 'yyyy-MM-dd' */
  day: string;
  weekday: keyof WeekHours;
  /** Minutes since local midnight. */
  minutes: number;
  /** Local wall-clock minutes since 1970-01-01 00:00 (orders local moments across days). */
  wall: number;
}

const MINUTES_PER_DAY = 24 * 60;

export function localMoment(date: Date, timeZone: string): LocalMoment {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const [y, mo, d, h, mi] = [get('year'), get('month'), get('day'), get('hour'), get('minute')].map(Number);
  const minutes = h * 60 + mi;
  return {
    day: `${get('year')}-${get('month')}-${get('day')}`,
    weekday: WEEKDAY_BY_SHORT[get('weekday')],
    minutes,
    wall: Date.UTC(y, mo - 1, d) / 60000 + minutes,
  };
}

/** The open intervals [from, to) of one local day, in minutes since midnight. */
export function openIntervals(hours: ConnectionHours, day: string, weekday: keyof WeekHours): [number, number][] {
  if (hours.holidays.includes(day)) return [];
  const week = hours.workHours ?? defaultWeekHours();
  const d = week[weekday];
  if (!d?.enabled) return [];
  const start = minutesOf(d.start || DEFAULT_CONNECTION_HOURS.start);
  const endRaw = d.end || DEFAULT_CONNECTION_HOURS.end;
  const end = endRaw === '23:59' ? MINUTES_PER_DAY : minutesOf(endRaw);
  if (end <= start) return [];
  const hasLunch = !!d.lunchStart && !!d.lunchEnd && minutesOf(d.lunchStart) < minutesOf(d.lunchEnd);
  if (!hasLunch) return [[start, end]];
  const ls = minutesOf(d.lunchStart);
  const le = minutesOf(d.lunchEnd);
  return (
    [
      [start, Math.min(ls, end)],
      [Math.max(le, start), end],
    ] as [number, number][]
  ).filter(([a, b]) => a < b);
}

/** Whether the connection attends at this moment (always, when it defines no work hours). */
export function isConnectionOpen(hours: ConnectionHours, date: Date, timeZone: string): boolean {
  if (!hours.defineWorkHours) return true;
  const m = localMoment(date, timeZone);
  return openIntervals(hours, m.day, m.weekday).some(([a, b]) => m.minutes >= a && m.minutes < b);
}

/**
 * Start (local wall minutes) of the closed period `date` is in: the end of the last open interval
 * before it, or -Infinity when the connection was never open in the last year.
 */
export function closedPeriodStart(hours: ConnectionHours, date: Date, timeZone: string): number {
  const m = localMoment(date, timeZone);
  const dayStartWall = m.wall - m.minutes;
  for (let back = 0; back <= 366; back++) {
    const dayWall = dayStartWall - back * MINUTES_PER_DAY;
    // Noon of that local day names the day and weekday without daylight-saving edge cases.
    const probe = localMomentOfWall(dayWall + 12 * 60);
    const ends = openIntervals(hours, probe.day, probe.weekday)
      .map(([, to]) => dayWall + to)
      .filter((end) => end <= m.wall);
    if (ends.length) return Math.max(...ends);
  }
  return -Infinity;
}

function localMomentOfWall(wall: number): LocalMoment {
  // Wall minutes are UTC-based by construction, so reading them in UTC gives the local fields back.
  return localMoment(new Date(wall * 60000), 'UTC');
}

/**
 * The out-of-hours notice goes once per ticket per closed period: when the connection is closed
 * and no notice was sent since this closed period began.
 */
export function shouldSendOutOfHoursNotice(hours: ConnectionHours, now: Date, lastNoticeAt: Date | null, timeZone: string): boolean {
  if (isConnectionOpen(hours, now, timeZone)) return false;
  if (!lastNoticeAt) return true;
  return localMoment(lastNoticeAt, timeZone).wall < closedPeriodStart(hours, now, timeZone);
}

export interface SectorHours {
  startWork: string | null;
  endWork: string | null;
}

/** A sector's daily hours (default 08:00–18:00), end minute included, spanning midnight if reversed. */
export function isSectorOpen(sector: SectorHours, date: Date, timeZone: string): boolean {
  const { start, end } = sectorHours(sector);
  return isWithinTimeRange(date, start, end, timeZone);
}

export function sectorHours(sector: SectorHours): { start: string; end: string } {
  return { start: sector.startWork || DEFAULT_SECTOR_HOURS.start, end: sector.endWork || DEFAULT_SECTOR_HOURS.end };
}
