import { settingSchema, userSchema, usersPageSchema } from '@switchboard/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json, installFetchMock } from '../test/fetchMock';
import { userFixture } from '../test/fixtures';
import { ApiError } from './ApiError';
import { api, apiRequest, ContractError, setAnswerChecks, setSessionHooks } from './client';

const page = { users: [], hasMore: false, count: 0 };
const session = { token: 'new-token', user: userFixture() };
const text = z.string();

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
    const { calls, fetchMock } = installFetchMock({ 'GET /api/users': () => json(200, page) });
    await apiRequest('/users', usersPageSchema);
    expect(calls[0].authorization).toBe('Bearer old-token');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include' });
  });

  it('on 403 ERR_INVALID_TOKEN refreshes once and retries with the new token', async () => {
    const { calls, callsTo } = installFetchMock({
      'GET /api/users': (call) => (call.authorization === 'Bearer new-token' ? json(200, page) : expired()),
      'POST /api/auth/refresh_token': () => json(200, session),
    });
    await expect(apiRequest('/users', usersPageSchema)).resolves.toEqual(page);
    expect(callsTo('POST /api/auth/refresh_token')).toHaveLength(1);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/users', 'POST /api/auth/refresh_token', 'GET /api/users']);
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
        return json(200, session);
      },
    });
    const both = Promise.all([apiRequest('/users', text), apiRequest('/settings', text)]);
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
    await expect(apiRequest('/users', usersPageSchema)).rejects.toMatchObject({ status: 401, code: 'ERR_SESSION_EXPIRED' });
    expect(callsTo('GET /api/users')).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('ends the session on any 401, without refreshing', async () => {
    const { callsTo } = installFetchMock({ 'GET /api/users': () => json(401, { error: 'ERR_SESSION_EXPIRED' }) });
    const error = await apiRequest('/users', usersPageSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(callsTo('POST /api/auth/refresh_token')).toHaveLength(0);
    expect(localStorage.getItem('token')).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('does not refresh on a 403 that is a permission refusal', async () => {
    const { callsTo } = installFetchMock({ 'PUT /api/settings/darkMode': () => json(403, { error: 'ERR_NO_PERMISSION' }) });
    await expect(apiRequest('/settings/darkMode', settingSchema, { method: 'PUT', body: { value: 'enabled' } })).rejects.toMatchObject({
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
      apiRequest('/auth/login', userSchema, { method: 'POST', body: { email: 'a@b.co', password: 'x' }, sessionCall: true }),
    ).rejects.toMatchObject({ code: 'ERR_INVALID_CREDENTIALS', details: undefined });
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('carries validation details from the server', async () => {
    installFetchMock({
      'POST /api/users': () =>
        json(400, { error: 'ERR_VALIDATION', message: 'Too Short!', details: [{ path: 'body.name', message: 'Too Short!' }] }),
    });
    await expect(apiRequest('/users', userSchema, { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      message: 'Too Short!',
      details: [{ path: 'body.name', message: 'Too Short!' }],
    });
  });
});

describe('API client answers and their schemas', () => {
  beforeEach(() => setSessionHooks({ onSessionEnded: () => undefined }));
  afterEach(() => {
    vi.unstubAllGlobals();
    setAnswerChecks(true);
  });

  it('gives the answer as the server sent it when it matches the route schema', async () => {
    const user = userFixture({ online: true });
    installFetchMock({ 'GET /api/users/1': () => json(200, user) });
    await expect(api.get('/users/1', userSchema)).resolves.toEqual(user);
  });

  it('in development and tests, an answer off its schema is an error naming the path and the field', async () => {
    const renamed: Record<string, unknown> = { ...userFixture() };
    delete renamed.name;
    renamed.fullName = 'Renamed on the server';
    installFetchMock({ 'GET /api/users/1': () => json(200, renamed) });
    const error = await api.get('/users/1', userSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).message).toMatch(/GET \/users\/1 .*name/);
  });

  it('an expired token refreshed with an answer off its schema is an error too', async () => {
    installFetchMock({
      'GET /api/users/1': () => expired(),
      'POST /api/auth/refresh_token': () => json(200, { token: 'new-token', user: { id: 1 } }),
    });
    await expect(api.get('/users/1', userSchema)).rejects.toBeInstanceOf(ContractError);
  });

  it('the production build does not check answers (the server tests do)', async () => {
    setAnswerChecks(false);
    installFetchMock({ 'GET /api/users/1': () => json(200, { id: 1 }) });
    await expect(api.get('/users/1', userSchema)).resolves.toEqual({ id: 1 });
  });
});
