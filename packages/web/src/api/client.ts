/**
 * The one HTTP client (spec §4 Session). Every call carries the bearer token from localStorage and
 * the cookies. A 403 ERR_INVALID_TOKEN (expired access token) triggers exactly one refresh —
 * shared by all requests that fail at the same time — and a retry; a failed refresh or any 401
 * ends the session.
 */
import i18n from 'i18next';
import { ApiError } from './ApiError';
import { tokenStore } from './tokenStore';

export const API_BASE = '/api';
const REFRESH_PATH = '/auth/refresh_token';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /**
   * Calls that establish a session (login, sign-up, refresh) report their own 401/403 to the caller
   * instead of ending the session or refreshing.
   */
  sessionCall?: boolean;
  signal?: AbortSignal;
  /** 'blob' for files (message media); errors are still read as `{ error }` JSON. */
  responseType?: 'json' | 'blob';
}

interface SessionHooks {
  /** Called when the session is over (refresh failed or a 401): clear state and go to /login. */
  onSessionEnded: () => void;
  /** Called with the refreshed session so the app can update the signed-in user. */
  onRefreshed?: (session: { token: string; user: unknown }) => void;
}

let hooks: SessionHooks = { onSessionEnded: () => undefined };

/** The auth layer registers what happens on session end / refresh; the client stays UI-free. */
export function setSessionHooks(next: SessionHooks): void {
  hooks = next;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  // The server writes an error's `message` in this language (the interface's, not the browser's).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language || 'en' };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError(0, { error: 'ERR_NETWORK', message: (err as Error)?.message });
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = await readBody(response);
  return new ApiError(response.status, typeof body === 'object' && body ? body : null);
}

export interface Session<U = unknown> {
  token: string;
  user: U;
}

let refreshInFlight: Promise<Session> | null = null;

/**
 * POST /auth/refresh_token once, however many callers ask at the same time. Stores the new token.
 * Rejects (with the server's ApiError) when the refresh cookie is missing or no longer valid.
 */
export function refreshSession(): Promise<Session> {
  if (!refreshInFlight) {
    refreshInFlight = (async () => {
      const response = await send(REFRESH_PATH, { method: 'POST' });
      if (!response.ok) throw await errorOf(response);
      const session = (await readBody(response)) as Session;
      tokenStore.set(session.token);
      hooks.onRefreshed?.(session);
      return session;
    })().finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

function endSession(): void {
  tokenStore.clear();
  hooks.onSessionEnded();
}

function isExpiredAccessToken(error: ApiError): boolean {
  return error.status === 403 && error.code === 'ERR_INVALID_TOKEN';
}

async function readAnswer<T>(response: Response, options: RequestOptions): Promise<T> {
  return (options.responseType === 'blob' ? await response.blob() : await readBody(response)) as T;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response = await send(path, options);
  if (response.ok) return readAnswer<T>(response, options);

  let error = await errorOf(response);
  if (options.sessionCall) throw error;

  if (isExpiredAccessToken(error)) {
    try {
      await refreshSession();
    } catch (refreshError) {
      endSession();
      throw refreshError;
    }
    response = await send(path, options);
    if (response.ok) return readAnswer<T>(response, options);
    error = await errorOf(response);
    // A second 403 ERR_INVALID_TOKEN right after a successful refresh: the session is not usable.
    if (isExpiredAccessToken(error)) {
      endSession();
      throw error;
    }
  }
  if (error.status === 401) endSession();
  throw error;
}

/** Short forms for the query hooks. */
export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
    apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
