import { describe, expect, it } from 'vitest';
import { fromLocalDateTime, isLocalDateTime, nthLocalOccurrence, occurrenceWithinEnd, toLocalDateTime } from './zoned-time.js';

describe('wall times in a time zone', () => {
  it('turns a wall time into its instant and back', () => {
    expect(fromLocalDateTime('2025-03-10T14:30', 'America/Sao_Paulo').toISOString()).toBe('2025-03-10T17:30:00.000Z');
    expect(toLocalDateTime(new Date('2025-03-10T17:30:00Z'), 'America/Sao_Paulo')).toBe('2025-03-10T14:30');
    expect(fromLocalDateTime('2025-07-01T09:00', 'Europe/Lisbon').toISOString()).toBe('2025-07-01T08:00:00.000Z');
    expect(fromLocalDateTime('2025-01-01T09:00', 'Europe/Lisbon').toISOString()).toBe('2025-01-01T09:00:00.000Z');
  });

  it('keeps a daily time across a daylight-saving change', () => {
    // Lisbon moved its clocks forward on 30 March 2025.
    const before = fromLocalDateTime(nthLocalOccurrence('2025-03-29T09:00', 'daily', 0), 'Europe/Lisbon');
    const after = fromLocalDateTime(nthLocalOccurrence('2025-03-29T09:00', 'daily', 2), 'Europe/Lisbon');
    expect(before.toISOString()).toBe('2025-03-29T09:00:00.000Z');
    expect(after.toISOString()).toBe('2025-03-31T08:00:00.000Z');
    // A wall time the jump skips resolves after it.
    expect(toLocalDateTime(fromLocalDateTime('2025-03-30T01:30', 'Europe/Lisbon'), 'Europe/Lisbon')).toBe('2025-03-30T02:30');
  });

  it("repeats weekly and monthly, a month's last day standing for a day it lacks", () => {
    expect(nthLocalOccurrence('2025-12-29T08:00', 'weekly', 1)).toBe('2026-01-05T08:00');
    expect(nthLocalOccurrence('2025-01-31T08:00', 'monthly', 1)).toBe('2025-02-28T08:00');
    expect(nthLocalOccurrence('2024-01-31T08:00', 'monthly', 1)).toBe('2024-02-29T08:00');
    expect(nthLocalOccurrence('2025-01-31T08:00', 'monthly', 2)).toBe('2025-03-31T08:00');
    expect(nthLocalOccurrence('2025-11-15T08:00', 'monthly', 3)).toBe('2026-02-15T08:00');
  });

  it('ends a repeat on its last day and a one-off after its only send', () => {
    expect(occurrenceWithinEnd('2025-03-14T23:59', 'daily', 4, '2025-03-14')).toBe(true);
    expect(occurrenceWithinEnd('2025-03-15T00:00', 'daily', 5, '2025-03-14')).toBe(false);
    expect(occurrenceWithinEnd('2025-03-15T00:00', 'none', 1, null)).toBe(false);
  });

  it('accepts only real calendar dates', () => {
    expect(isLocalDateTime('2025-02-29T10:00')).toBe(false);
    expect(isLocalDateTime('2024-02-29T10:00')).toBe(true);
    expect(isLocalDateTime('2025-02-28T24:00')).toBe(false);
    expect(isLocalDateTime('2025-02-28 10:00')).toBe(false);
  });
});
