/** Small helpers for calling the API from tests and checking its answers. */
import { requestOf, type InputArg, type RouteAnswer, type RouteDef, type RouteInput } from '@switchboard/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, type TestServer } from './harness.js';

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

/** A response of a table route, with its answer read as the route's answer type. */
export type RouteResponse<R extends RouteDef> = LightMyRequestResponse & { answer(): RouteAnswer<R> };

/**
 * `call(ROUTES.tags.update, token, { params: { id }, body })`: a request of the shared route
 * table, its path, parameters and body checked by the typecheck. Requests that are wrong on
 * purpose (validation tests) use `apiCaller`.
 */
export function routeCaller(server: () => TestServer) {
  return async <R extends RouteDef>(def: R, token: string | null, ...[input]: InputArg<R>): Promise<RouteResponse<R>> => {
    const req = requestOf<RouteDef>(def, input as RouteInput<RouteDef>);
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined && v !== null) query.set(k, String(v));
    const res = await server().app.inject({
      method: req.method,
      url: `/api${req.path}${query.size ? `?${query.toString()}` : ''}`,
      headers: token ? bearer(token) : {},
      ...(req.body !== undefined ? { payload: req.body as object } : {}),
    });
    return Object.assign(res, { answer: () => res.json<RouteAnswer<R>>() });
  };
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
