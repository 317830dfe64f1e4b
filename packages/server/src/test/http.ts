/** Small helpers for calling the API from tests and checking its answers. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, type TestServer } from './harness.js';
import { routeCallOn, type RouteCall } from './route-call.js';

export type { RouteCall, RouteResponse } from './route-call.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `api(method, '/path', token | null, body?)` → the response (the /api prefix is added). */
export function apiCaller(server: () => TestServer) {
  return (method: Method, url: string, token: string | null, payload?: unknown): Promise<LightMyRequestResponse> =>
    server().app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}

/**
 * `call(ROUTES.tags.update, token, { params: { id }, body })`: a request of the shared route
 * table, its path, parameters and body checked by the typecheck (also `s.call` on a test server).
 * Requests that are wrong on purpose (validation tests) use `apiCaller`.
 */
export function routeCaller(server: () => TestServer): RouteCall {
  return routeCallOn(() => server().app);
}

/** A 400 validation answer that names `path` with the spec's `message`. */
export function expectFieldError(
  res: { statusCode: number; json(): { error?: unknown; details?: unknown } },
  path: string,
  message: string,
): void {
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toBe('ERR_VALIDATION');
  expect(res.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
}
