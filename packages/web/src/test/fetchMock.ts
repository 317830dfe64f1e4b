/**
 * A fetch stand-in for tests: answers by "METHOD /path" from a table of handlers and records every
 * call (with its parsed JSON body and Authorization header).
 */
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

export type Handler = (call: RecordedCall) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

export function json(status: number, body?: unknown) {
  return { status, body };
}

export function installFetchMock(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const headers = new Headers(init.headers);
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('Authorization'),
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    const answer = handler ? await handler(call) : json(404, { error: 'ERR_NOT_FOUND' });
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(answer.status === 204 ? null : text, {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}
