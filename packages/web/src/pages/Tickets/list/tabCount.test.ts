import { describe, expect, it } from 'vitest';
import { tabCount } from './tabCount';

describe('tab badge count', () => {
  it('shows small counts exactly', () => {
    expect(tabCount(7, false, 'en')).toEqual({ short: '7', atLeast: null });
    expect(tabCount(999, false, 'pt')).toEqual({ short: '999', atLeast: null });
  });

  it('shortens large counts in each language, rounding down and saying so', () => {
    expect(tabCount(1234, false, 'en')).toEqual({ short: '1.2K+', atLeast: '1,234' });
    expect(tabCount(1234, false, 'pt').short).toMatch(/^1,2\smil\+$/);
    expect(tabCount(1234, false, 'es').short).toMatch(/^1,2\s?mil\+$/);
    expect(tabCount(1299, false, 'en').short).toBe('1.2K+');
    expect(tabCount(2000, false, 'en')).toEqual({ short: '2K', atLeast: null });
  });

  it('marks the capped count as a lower bound', () => {
    expect(tabCount(10_000, true, 'en')).toEqual({ short: '10K+', atLeast: '10,000' });
    expect(tabCount(10_000, true, 'pt')).toMatchObject({ atLeast: '10.000' });
    expect(tabCount(10_000, true, 'pt').short).toMatch(/^10\smil\+$/);
    expect(tabCount(10_000, true, 'es').short).toMatch(/^10\s?mil\+$/);
  });
});
