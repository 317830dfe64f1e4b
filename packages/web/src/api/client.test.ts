import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, installFetchMock } from '../test/fetchMock';
import { ApiError } from './ApiError';
import { apiRequest, setSessionHooks } from './client';

const expired = () => json(403, { error: 'ERR_INVALID_TOKEN' });

describe('API client session handling (spec §4 Session)', () => {
  const onSessionEnded = vi.fn();

  beforeEach(() => {
    localStorage.setItem('token', 'old-token');
    onSessionEnded.mockReset();
    setSessionHooks({ onSessionEnded });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('sends the stored token as a bearer header with cookies', async () => {
    const { calls, fetchMock } = installFetchMock({ 'GET /api/users': () => json(200, { users: [] }) });
    await apiRequest('/users');
    expect(calls[0].authorization).toBe('Bearer old-token');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include' });
  });

  it('on 403 ERR_INVALID_TOKEN refreshes once and retries with the new token', async () => {
    const { calls, callsTo } = installFetchMock({
      'GET /api/users': (call) => (call.authorization === 'Bearer new-token' ? json(200, { ok: true }) : expired()),
      'POST /api/auth/refresh_token': () => json(200, { token: 'new-token', user: { id: 1 } }),
    });
    await expect(apiRequest('/users')).resolves.toEqual({ ok: true });
    expect(callsTo('POST /api/auth/refresh_token')).toHaveLength(1);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/users',
      'POST /api/auth/refresh_token',
      'GET /api/users',
    ]);
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('shares one refresh between requests that fail at the same time', async () => {
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const { callsTo } = installFetchMock({
      'GET /api/users': (call) => (call.authorization === 'Bearer new-token' ? json(200, 'users') : expired()),
      'GET /api/settings': (call) => (call.authorization === 'Bearer new-token' ? json(200, 'settings') : expired()),
      'POST /api/auth/refresh_token': async () => {
        await refreshGate;
        return json(200, { token: 'new-token', user: { id: 1 } });
      },
    });
    const both = Promise.all([apiRequest('/users'), apiRequest('/settings')]);
    await vi.waitFor(() => expect(callsTo('POST /api/auth/refresh_token')).toHaveLength(1));
    releaseRefresh();
    await expect(both).resolves.toEqual(['users', 'settings']);
    expect(callsTo('POST /api/auth/refresh_token')).toHaveLength(1);
  });

  it('ends the session when the refresh fails', async () => {
    const { callsTo } = installFetchMock({
      'GET /api/users': expired,
      'POST /api/auth/refresh_token': () => json(401, { error: 'ERR_SESSION_EXPIRED' }),
    });
    await expect(apiRequest('/users')).rejects.toMatchObject({ status: 401, code: 'ERR_SESSION_EXPIRED' });
    expect(callsTo('GET /api/users')).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('ends the session on any 401, without refreshing', async () => {
    const { callsTo } = installFetchMock({ 'GET /api/users': () => json(401, { error: 'ERR_SESSION_EXPIRED' }) });
    const error = await apiRequest('/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(callsTo('POST /api/auth/refresh_token')).toHaveLength(0);
    expect(localStorage.getItem('token')).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('does not refresh on a 403 that is a permission refusal', async () => {
    const { callsTo } = installFetchMock({ 'PUT /api/settings/darkMode': () => json(403, { error: 'ERR_NO_PERMISSION' }) });
    await expect(apiRequest('/settings/darkMode', { method: 'PUT', body: { value: 'enabled' } })).rejects.toMatchObject({
      status: 403,
      code: 'ERR_NO_PERMISSION',
    });
    expect(callsTo('POST /api/auth/refresh_token')).toHaveLength(0);
    expect(localStorage.getItem('token')).toBe('old-token');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('leaves a failed login to the caller (no session end, no refresh)', async () => {
    installFetchMock({ 'POST /api/auth/login': () => json(401, { error: 'ERR_INVALID_CREDENTIALS' }) });
    await expect(
      apiRequest('/auth/login', { method: 'POST', body: { email: 'a@b.co', password: 'x' }, sessionCall: true }),
    ).rejects.toMatchObject({ code: 'ERR_INVALID_CREDENTIALS', details: undefined });
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('carries validation details from the server', async () => {
    installFetchMock({
      'POST /api/users': () =>
        json(400, { error: 'ERR_VALIDATION', message: 'Too Short!', details: [{ path: 'body.name', message: 'Too Short!' }] }),
    });
    await expect(apiRequest('/users', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      message: 'Too Short!',
      details: [{ path: 'body.name', message: 'Too Short!' }],
    });
  });
});
