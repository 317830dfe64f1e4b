import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

describe('createAppTheme', () => {
  it('animates by default', () => {
    const theme = createAppTheme('light', 'en');
    expect(theme.transitions.create('opacity')).not.toBe('none');
    expect(theme.transitions.getAutoHeightDuration(400)).toBeGreaterThan(0);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
  });

  it('has no motion when reduced motion is asked for', () => {
    const theme = createAppTheme('dark', 'pt', true);
    expect(theme.transitions.create('opacity')).toBe('none');
    expect(theme.transitions.getAutoHeightDuration(400)).toBe(0);
    expect(theme.transitions.duration.enteringScreen).toBe(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(theme.palette.mode).toBe('dark');
  });
});
