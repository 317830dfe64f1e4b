import { describe, expect, it } from 'vitest';
import { formatListTime } from './ticketTime';

describe('list times', () => {
  const now = new Date(2024, 4, 10, 15, 0);
  it('shows HH:mm for today', () => {
    expect(formatListTime(new Date(2024, 4, 10, 9, 5).toISOString(), now)).toBe('09:05');
  });
  it('shows dd/MM/yyyy for another day', () => {
    expect(formatListTime(new Date(2024, 4, 9, 23, 59).toISOString(), now)).toBe('09/05/2024');
    expect(formatListTime(new Date(2023, 11, 31, 12, 0).toISOString(), now)).toBe('31/12/2023');
  });
  it('shows nothing without a date', () => {
    expect(formatListTime(null, now)).toBe('');
    expect(formatListTime('garbage', now)).toBe('');
  });
});
