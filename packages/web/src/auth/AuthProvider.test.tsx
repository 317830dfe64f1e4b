/**
 * Opening the app without a network (the installed app, offline): the start-up session check
 * cannot reach the server, which is not the end of the session. The token stays and the check
 * runs again when the network is back; a refusal by the server still signs out.
 */
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFetchMock, json } from '../test/fetchMock';
import { userFixture } from '../test/fixtures';
import { cleanUpAfterEach, renderWithProviders, screen } from '../test/renderWithProviders';
import { useAuth } from './AuthProvider';

function Who() {
  const { user, loading } = useAuth();
  return <p data-testid="who">{loading ? 'loading' : (user?.name ?? 'signed out')}</p>;
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('AuthProvider start-up without a network', () => {
  cleanUpAfterEach();

  it('keeps the session while offline and confirms it when the network is back', async () => {
    const user = userFixture({ name: 'Ana' });
    localStorage.setItem('token', 'stored-token');
    let reachable = false;
    setOnline(false);
    const { callsTo } = installFetchMock({
      'POST /api/auth/refresh_token': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return json(200, { token: 'fresh-token', user });
      },
    });
    renderWithProviders(<Who />);
    await waitFor(() => expect(callsTo('POST /api/auth/refresh_token')).toHaveLength(1));
    // Give the failed check every chance to end the session: it must not.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('who').textContent).toBe('loading');
    expect(localStorage.getItem('token')).toBe('stored-token');

    reachable = true;
    act(() => setOnline(true));
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('Ana'));
    expect(localStorage.getItem('token')).toBe('fresh-token');
    vi.restoreAllMocks();
  });

  it('still signs out when the server refuses the session', async () => {
    localStorage.setItem('token', 'stored-token');
    installFetchMock({ 'POST /api/auth/refresh_token': () => json(401, { error: 'ERR_SESSION_EXPIRED' }) });
    renderWithProviders(<Who />);
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('signed out'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
