/**
 * The one HTTP client (spec §4 Session). Every call carries the bearer token from localStorage and
 * the cookies. A 403 ERR_INVALID_TOKEN (expired access token) triggers exactly one refresh —
 * shared by all requests that fail at the same time — and a retry; a failed refresh or any 401
 * ends the session.
 *
 * Every JSON answer is read through the response schema of @switchboard/shared that the server's
 * route declares for it (`api.get('/tickets/1', ticketSchema)`): its type is the schema's, never
 * one written here. In development and tests the answer is also checked against the schema and a
 * mismatch is an error (ContractError); the production build trusts the server's contract (the
 * server's tests check every answer against the same schemas) and does not pay for the check.
 * Files (media, CSV) are read with `apiBlob` / `apiText`, through the same session handling.
 */
import i18n from 'i18next';
import {
  AUTH_ROUTES,
  requestOf,
  type BuiltRequest,
  type RouteAnswer,
  type RouteDef,
  type RouteInput,
  type SessionDTO,
} from '@switchboard/shared';
import type { z } from 'zod';
import { ApiError } from './ApiError';
import { tokenStore } from './tokenStore';

export const API_BASE = '/api';
const REFRESH = AUTH_ROUTES.refresh;

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
}

type Reader<T> = (response: Response) => Promise<T>;

/** An answer that does not match the schema its route declares (development and tests only). */
export class ContractError extends Error {
  constructor(
    readonly path: string,
    readonly issues: string[],
  ) {
    super(`The answer of ${path} does not match its schema: ${issues.join('; ')}`);
    this.name = 'ContractError';
  }
}

/** Whether answers are checked against their schemas (not in the production build). */
let checkAnswers = import.meta.env.DEV;

/** Tests of the production behaviour turn the check off and on again. */
export function setAnswerChecks(on: boolean): void {
  checkAnswers = on;
}

function readWith<S extends z.ZodType>(schema: S, path: string): Reader<z.infer<S>> {
  return async (response) => {
    const body = await readBody(response);
    if (!checkAnswers) return body as z.infer<S>;
    const result = schema.safeParse(body);
    if (!result.success) {
      const error = new ContractError(
        path,
        result.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`),
      );
      // Also on the console: a screen may show the failure only as a generic error message.
      console.error(error.message);
      throw error;
    }
    // The body as received: the schemas describe answers, they never change them.
    return body as z.infer<S>;
  };
}

interface SessionHooks {
  /** Called when the session is over (refresh failed or a 401): clear state and go to /login. */
  onSessionEnded: () => void;
  /** Called with the refreshed session so the app can update the signed-in user. */
  onRefreshed?: (session: Session) => void;
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

export type Session = SessionDTO;

let refreshInFlight: Promise<Session> | null = null;

/**
 * POST /auth/refresh_token once, however many callers ask at the same time. Stores the new token.
 * Rejects (with the server's ApiError) when the refresh cookie is missing or no longer valid.
 */
export function refreshSession(): Promise<Session> {
  if (!refreshInFlight) {
    refreshInFlight = (async () => {
      const response = await send(REFRESH.path, { method: REFRESH.method });
      if (!response.ok) throw await errorOf(response);
      const session = await readWith(REFRESH.answer, REFRESH.path)(response);
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

async function request<T>(path: string, options: RequestOptions, read: Reader<T>): Promise<T> {
  let response = await send(path, options);
  if (response.ok) return read(response);

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
    if (response.ok) return read(response);
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

/** A JSON call whose answer is read through `schema` (the route's declared response schema). */
export function apiRequest<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.infer<S>> {
  return request(path, options, readWith(schema, `${options.method ?? 'GET'} ${path}`));
}

/** A call's input: the route's parameters, query and body, what may cancel it, and whether it establishes a session. */
export type CallInput<R extends RouteDef> = RouteInput<R> & Pick<RequestOptions, 'signal' | 'sessionCall'>;

function optionsOf(req: BuiltRequest, input: Pick<RequestOptions, 'signal' | 'sessionCall'> | undefined): RequestOptions {
  return { method: req.method, body: req.body, query: req.query, signal: input?.signal, sessionCall: input?.sessionCall };
}

/**
 * A call of a route of the shared table (@switchboard/shared ROUTES): its path, parameters, query
 * and body are typed by the table, its answer is read through the table's answer schema.
 */
export function call<R extends RouteDef>(
  def: R,
  ...[input]: object extends RouteInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>]
): Promise<RouteAnswer<R>> {
  const req = requestOf<RouteDef>(def, input as RouteInput<RouteDef>);
  return apiRequest(req.path, def.answer, optionsOf(req, input)) as Promise<RouteAnswer<R>>;
}

/**
 * A call of a route whose answer has several shapes by who asks, read as the one this caller gets
 * (the admin's whole connections of a list that answers summaries to everyone else). The schema
 * must describe a case of the route's answer, so the narrower type cannot drift from the table.
 */
export function callAs<R extends RouteDef, S extends z.ZodType<RouteAnswer<R>>>(
  def: R,
  schema: S,
  ...[input]: object extends RouteInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>]
): Promise<z.infer<S>> {
  const req = requestOf<RouteDef>(def, input as RouteInput<RouteDef>);
  return apiRequest(req.path, schema, optionsOf(req, input));
}

/** A file behind the API (message media), as a Blob. */
export function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return request(path, options, (response) => response.blob());
}

/** A text file behind the API (CSV exports). */
export function apiText(path: string, options: RequestOptions = {}): Promise<string> {
  return request(path, options, (response) => response.text());
}

/** Short forms for the query hooks. */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, query?: RequestOptions['query'], signal?: AbortSignal) =>
    apiRequest(path, schema, { query, signal }),
  post: <S extends z.ZodType>(path: string, schema: S, body?: unknown) => apiRequest(path, schema, { method: 'POST', body }),
  put: <S extends z.ZodType>(path: string, schema: S, body?: unknown) => apiRequest(path, schema, { method: 'PUT', body }),
  delete: <S extends z.ZodType>(path: string, schema: S) => apiRequest(path, schema, { method: 'DELETE' }),
};
