import { describe, expect, it } from 'vitest';
import { formatDuration, formatPercent } from './formatDuration';

describe('dashboard time formatting (hours and minutes)', () => {
  it('rounds to the nearest minute and splits hours', () => {
    expect(formatDuration(0)).toBe('0h 0min');
    expect(formatDuration(41.13)).toBe('0h 41min');
    expect(formatDuration(59.5)).toBe('1h 0min');
    expect(formatDuration(60)).toBe('1h 0min');
    expect(formatDuration(125.6)).toBe('2h 6min');
    expect(formatDuration(24 * 60 + 5)).toBe('24h 5min');
  });
  it('shows nothing odd for missing or negative values', () => {
    expect(formatDuration(undefined)).toBe('0h 0min');
    expect(formatDuration(null)).toBe('0h 0min');
    expect(formatDuration(Number.NaN)).toBe('0h 0min');
    expect(formatDuration(-3)).toBe('0h 0min');
  });
  it('percentages keep one decimal at most', () => {
    expect(formatPercent(40)).toBe('40%');
    expect(formatPercent(33.33)).toBe('33.3%');
    expect(formatPercent(-100)).toBe('-100%');
    expect(formatPercent(undefined)).toBe('0%');
  });
});
