/** Every error the router itself produces has the API's shape: `{ "error": "ERR_…" }`. */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';

describe('router-level errors', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  }, 120_000);
  afterAll(() => s.stop());

  const cases: [string, () => InjectOptions, number, string][] = [
    ['unknown API route', () => ({ method: 'GET', url: '/api/nope' }), 404, 'ERR_NOT_FOUND'],
    ['unknown route outside the API', () => ({ method: 'POST', url: '/nope' }), 404, 'ERR_NOT_FOUND'],
    [
      'method not allowed on a known path',
      () => ({ method: 'PATCH', url: '/api/tags', headers: bearer(s.adminToken) }),
      404,
      'ERR_NOT_FOUND',
    ],
    [
      'unsupported content type',
      () => ({
        method: 'POST',
        url: '/api/tags',
        headers: { ...bearer(s.adminToken), 'content-type': 'application/xml' },
        payload: '<a/>',
      }),
      415,
      'ERR_VALIDATION',
    ],
    [
      'malformed JSON',
      () => ({
        method: 'POST',
        url: '/api/tags',
        headers: { ...bearer(s.adminToken), 'content-type': 'application/json' },
        payload: '{"name":',
      }),
      400,
      'ERR_VALIDATION',
    ],
    [
      'empty JSON body',
      () => ({ method: 'POST', url: '/api/tags', headers: { ...bearer(s.adminToken), 'content-type': 'application/json' }, payload: '' }),
      400,
      'ERR_VALIDATION',
    ],
    [
      'body too large',
      () => ({
        method: 'POST',
        url: '/api/tags',
        headers: { ...bearer(s.adminToken), 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }),
      }),
      413,
      'ERR_VALIDATION',
    ],
    ['bad path encoding', () => ({ method: 'GET', url: '/api/contacts/%E0%A4%A', headers: bearer(s.adminToken) }), 400, 'ERR_VALIDATION'],
  ];

  it.each(cases)('%s answers the API error shape', async (_name, request, status, code) => {
    const res = await s.app.inject(request());
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body.error, res.body).toBe(code);
    expect(body).not.toHaveProperty('statusCode');
  });

  it('a malformed HTTP request answers the API error shape too', async () => {
    const url = await s.listen();
    const { port } = new URL(url);
    const net = await import('node:net');
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (d: Buffer) => (data += d.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'ERR_VALIDATION', message: 'Malformed request' });
  });

  it('every answer carries the Content-Security-Policy (scripts from our origin only)', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
