import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n';
import { ToastProvider, useToast } from './Toasts';

afterEach(cleanup);

let toast: ReturnType<typeof useToast>;
function Grab() {
  // eslint-disable-next-line react-hooks/globals -- the test drives the toast API from outside the component
  toast = useToast();
  return <button type="button">Add</button>;
}

describe('ToastProvider', () => {
  it('shows toasts along the bottom edge, away from the page header and its main buttons', () => {
    render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    );
    act(() => toast.success('Saved'));
    const area = screen.getByTestId('toast-area');
    const style = getComputedStyle(area);
    expect(style.position).toBe('fixed');
    expect(style.bottom).not.toBe('');
    expect(style.bottom).not.toBe('auto');
    expect(style.top === '' || style.top === 'auto').toBe(true);
  });

  it('keeps at most two toasts and shows a repeated message once', () => {
    render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    );
    act(() => {
      toast.success('Contact saved');
      toast.success('Contact saved');
      toast.success('Contact saved');
    });
    expect(screen.getAllByTestId('toast-success')).toHaveLength(1);
    act(() => {
      toast.info('one');
      toast.info('two');
      toast.info('three');
    });
    const texts = screen.getByTestId('toast-area').textContent;
    expect(screen.getByTestId('toast-area').children).toHaveLength(2);
    expect(texts).toContain('three');
    expect(texts).toContain('two');
  });
});
