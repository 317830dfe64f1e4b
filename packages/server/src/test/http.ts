/** Small helpers for calling the API from tests and checking its answers. */
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

/** A 400 validation answer that names `path` with the spec's `message`. */
export function expectFieldError(res: { statusCode: number; json(): { error?: unknown; details?: unknown } }, path: string, message: string): void {
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toBe('ERR_VALIDATION');
  expect(res.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
}
