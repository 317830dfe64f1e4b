import { defaultWeekHours, type WeekHours } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import {
  closedPeriodStart,
  isConnectionOpen,
  isSectorOpen,
  localMoment,
  shouldSendOutOfHoursNotice,
  type ConnectionHours,
} from './hours.js';

const TZ = 'America/Sao_Paulo'; // UTC−3 all year
/** A local São Paulo moment: 2025-03-10 is a Monday. */
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-03:00`);
const WEEK: Record<string, string> = {
  monday: '2025-03-10',
  tuesday: '2025-03-11',
  wednesday: '2025-03-12',
  thursday: '2025-03-13',
  friday: '2025-03-14',
  saturday: '2025-03-15',
  sunday: '2025-03-16',
};

function hours(patch: Partial<WeekHours> = {}, holidays: string[] = []): ConnectionHours {
  return { defineWorkHours: true, workHours: { ...defaultWeekHours(), ...patch }, holidays };
}

describe('connection work hours', () => {
  it('without defineWorkHours the connection is always open', () => {
    expect(isConnectionOpen({ defineWorkHours: false, workHours: null, holidays: [] }, at(WEEK.sunday, '03:00'), TZ)).toBe(true);
  });

  it.each(Object.entries(WEEK))('%s follows its own flag and hours', (weekday, day) => {
    expect(localMoment(at(day, '10:00'), TZ).weekday).toBe(weekday);
    const base = hours();
    const weekend = weekday === 'saturday' || weekday === 'sunday';
    expect(isConnectionOpen(base, at(day, '10:00'), TZ)).toBe(!weekend);
    // Only this day enabled, 09:00–17:00 without lunch.
    const only = hours(
      Object.fromEntries(
        Object.keys(WEEK).map((d) => [d, { enabled: d === weekday, start: '09:00', end: '17:00', lunchStart: '', lunchEnd: '' }]),
      ),
    );
    for (const [other, otherDay] of Object.entries(WEEK)) {
      expect(isConnectionOpen(only, at(otherDay, '12:30'), TZ), `${other} with only ${weekday}`).toBe(other === weekday);
    }
    expect(isConnectionOpen(only, at(day, '08:59'), TZ)).toBe(false);
    expect(isConnectionOpen(only, at(day, '09:00'), TZ)).toBe(true);
    expect(isConnectionOpen(only, at(day, '16:59'), TZ)).toBe(true);
    expect(isConnectionOpen(only, at(day, '17:00'), TZ)).toBe(false);
  });

  it('lunch edges: 11:59 open, 12:00 and 12:59 closed, 13:00 open; 07:59 and 18:00 closed', () => {
    const h = hours();
    const mon = WEEK.monday;
    expect(isConnectionOpen(h, at(mon, '07:59'), TZ)).toBe(false);
    expect(isConnectionOpen(h, at(mon, '08:00'), TZ)).toBe(true);
    expect(isConnectionOpen(h, at(mon, '11:59'), TZ)).toBe(true);
    expect(isConnectionOpen(h, at(mon, '12:00'), TZ)).toBe(false);
    expect(isConnectionOpen(h, at(mon, '12:59'), TZ)).toBe(false);
    expect(isConnectionOpen(h, at(mon, '13:00'), TZ)).toBe(true);
    expect(isConnectionOpen(h, at(mon, '17:59'), TZ)).toBe(true);
    expect(isConnectionOpen(h, at(mon, '18:00'), TZ)).toBe(false);
  });

  it('a holiday is a closed day', () => {
    const h = hours({}, [WEEK.wednesday]);
    expect(isConnectionOpen(h, at(WEEK.wednesday, '10:00'), TZ)).toBe(false);
    expect(isConnectionOpen(h, at(WEEK.thursday, '10:00'), TZ)).toBe(true);
  });

  it('hours are read in the configured time zone, not the server’s', () => {
    const h = hours();
    const instant = new Date('2025-03-10T12:30:00Z'); // 09:30 in São Paulo, 21:30 in Tokyo
    expect(isConnectionOpen(h, instant, TZ)).toBe(true);
    expect(isConnectionOpen(h, instant, 'Asia/Tokyo')).toBe(false);
  });

  it('an end of 23:59 keeps the day open to midnight', () => {
    const h = hours({ monday: { enabled: true, start: '00:00', end: '23:59', lunchStart: '', lunchEnd: '' } });
    expect(isConnectionOpen(h, new Date(`${WEEK.monday}T23:59:30-03:00`), TZ)).toBe(true);
  });
});

describe('out-of-hours notice: once per closed period', () => {
  const h = hours();
  it('closed periods start at the end of the last open interval', () => {
    const lunch = closedPeriodStart(h, at(WEEK.monday, '12:30'), TZ);
    expect(lunch).toBe(localMoment(at(WEEK.monday, '12:00'), TZ).wall);
    // Saturday morning belongs to the period that began Friday 18:00.
    expect(closedPeriodStart(h, at(WEEK.saturday, '09:00'), TZ)).toBe(localMoment(at(WEEK.friday, '18:00'), TZ).wall);
  });

  it('first message of a closed period → notice; again in the same period → none; next period → notice', () => {
    expect(shouldSendOutOfHoursNotice(h, at(WEEK.monday, '19:00'), null, TZ)).toBe(true);
    const sent = at(WEEK.monday, '19:00');
    expect(shouldSendOutOfHoursNotice(h, at(WEEK.monday, '23:00'), sent, TZ)).toBe(false);
    expect(shouldSendOutOfHoursNotice(h, at(WEEK.tuesday, '07:30'), sent, TZ)).toBe(false);
    expect(shouldSendOutOfHoursNotice(h, at(WEEK.tuesday, '09:00'), sent, TZ)).toBe(false); // open
    expect(shouldSendOutOfHoursNotice(h, at(WEEK.tuesday, '12:10'), sent, TZ)).toBe(true); // lunch is a new period
  });

  it('a long weekend with a holiday is one closed period', () => {
    const withHoliday = hours({}, [WEEK.monday]);
    const sent = at(WEEK.saturday, '10:00');
    expect(shouldSendOutOfHoursNotice(withHoliday, at(WEEK.monday, '10:00'), sent, TZ)).toBe(false);
    expect(shouldSendOutOfHoursNotice(withHoliday, at(WEEK.tuesday, '07:00'), sent, TZ)).toBe(false);
  });

  it('never open: one notice ever', () => {
    const closed = hours(Object.fromEntries(Object.keys(WEEK).map((d) => [d, { ...defaultWeekHours().monday, enabled: false }])));
    expect(shouldSendOutOfHoursNotice(closed, at(WEEK.monday, '10:00'), null, TZ)).toBe(true);
    expect(shouldSendOutOfHoursNotice(closed, at(WEEK.friday, '10:00'), at(WEEK.monday, '10:00'), TZ)).toBe(false);
  });
});

describe('sector hours', () => {
  it('start and end minutes are inside, default 08:00–18:00', () => {
    const sales = { startWork: '09:00', endWork: '17:00' };
    expect(isSectorOpen(sales, at(WEEK.monday, '08:59'), TZ)).toBe(false);
    expect(isSectorOpen(sales, at(WEEK.monday, '09:00'), TZ)).toBe(true);
    expect(isSectorOpen(sales, at(WEEK.monday, '17:00'), TZ)).toBe(true);
    expect(isSectorOpen(sales, at(WEEK.monday, '17:01'), TZ)).toBe(false);
    expect(isSectorOpen({ startWork: null, endWork: null }, at(WEEK.sunday, '07:59'), TZ)).toBe(false);
    expect(isSectorOpen({ startWork: null, endWork: null }, at(WEEK.sunday, '08:00'), TZ)).toBe(true);
  });

  it('a night sector spans midnight', () => {
    const night = { startWork: '22:00', endWork: '06:00' };
    expect(isSectorOpen(night, at(WEEK.monday, '23:00'), TZ)).toBe(true);
    expect(isSectorOpen(night, at(WEEK.tuesday, '05:00'), TZ)).toBe(true);
    expect(isSectorOpen(night, at(WEEK.tuesday, '12:00'), TZ)).toBe(false);
  });
});
