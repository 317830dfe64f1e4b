/**
 * Every API route refuses the wrong caller: no route answers an anonymous request unless it is one
 * of the public ones below, and every admin-only route refuses an attendant. The route list comes
 * from the running app, so a new route is covered the moment it is registered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';

const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/auth/login',
  'POST /api/auth/refresh_token',
  'DELETE /api/auth/logout',
  'GET /api/auth/config',
  'POST /api/auth/signup',
  // Authorised by the API token setting instead of a user (tested in external-api.test.ts).
  'POST /api/send',
  // The same send at the reference product's paths (http/reference-clients.test.ts).
  'POST /api/messages/send',
  'POST /api/api/send',
  'POST /api/api/messages/send',
  // A message's media by its signed link: authorised by the signature (http/media-links.test.ts).
  'GET /api/media/:id/:expires/:signature/:name',
  // Meta's webhook: authorised by the verify token and the body's signature (modules/cloud/cloud.test.ts).
  'GET /api/channels/whatsapp-cloud/:connectionId/webhook',
  'POST /api/channels/whatsapp-cloud/:connectionId/webhook',
]);
const isDocs = (url: string) => url.startsWith('/api/docs');
/**
 * The website widget's visitor API: authorised by a visitor token and the page's origin instead of
 * a user; every route refuses a missing or foreign token and a wrong origin (channels/webchat/webchat.test.ts).
 */
const isVisitorApi = (url: string) => url.startsWith('/api/webchat/');

/**
 * Routes only admins may call (spec §6 and docs/decisions.md), with a URL to call and a body that
 * passes validation, so the refusal checked is the permission, not the input.
 */
const ADMIN_ONLY: { route: string; url?: string; body?: object }[] = [
  { route: 'POST /api/users', body: { name: 'Nope', email: 'nope@x.io', password: 'secret1' } },
  { route: 'DELETE /api/users/:id' },
  { route: 'PUT /api/users/:id', body: { name: 'Renamed' } },
  { route: 'GET /api/settings/:key', url: '/api/settings/userApiToken' },
  { route: 'PUT /api/settings/:key', body: { value: 'enabled' } },
  { route: 'POST /api/settings/userApiToken/regenerate' },
  { route: 'DELETE /api/contacts' },
  { route: 'DELETE /api/contacts/:id' },
  { route: 'POST /api/contacts/import' },
  { route: 'GET /api/contacts/export' },
  { route: 'DELETE /api/tags' },
  { route: 'DELETE /api/tags/:id' },
  { route: 'GET /api/tags/export' },
  { route: 'DELETE /api/quickAnswers' },
  { route: 'DELETE /api/quickAnswers/:id' },
  { route: 'POST /api/queue', body: { name: 'Nope', color: '#123456' } },
  { route: 'PUT /api/queue/:id', body: { name: 'Nope', color: '#123456' } },
  { route: 'DELETE /api/queue/:id' },
  { route: 'GET /api/whatsapp/:id' },
  { route: 'POST /api/whatsapp', body: { name: 'Nope' } },
  { route: 'PUT /api/whatsapp/:id', body: { name: 'Nope' } },
  { route: 'DELETE /api/whatsapp/:id' },
  { route: 'POST /api/whatsappsession/:id' },
  { route: 'PUT /api/whatsappsession/:id' },
  { route: 'DELETE /api/whatsappsession/:id' },
  { route: 'DELETE /api/tickets/:id' },
  { route: 'GET /api/inbound-failures' },
  { route: 'GET /api/audit-log' },
  { route: 'GET /api/audit-log/export' },
  { route: 'POST /api/inbound-failures/:id/retry', url: '/api/inbound-failures/1700000000000-00000000-0000-4000-8000-000000000000/retry' },
];

function concrete(url: string): string {
  return url
    .replace(':ticketId', '1')
    .replace(':connectionId', '1')
    .replace(':id', '1')
    .replace(':key', 'darkMode')
    .replace(':customer', '5511999990000');
}

describe('route guards', () => {
  let s: TestServer;
  let agent: { token: string };

  beforeAll(async () => {
    s = await createTestServer();
    agent = await s.createUser();
  });
  afterAll(() => s.stop());

  it('knows the routes it checks', () => {
    const api = s.routes.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(60);
    for (const { route: key } of ADMIN_ONLY) {
      const [method, url] = key.split(' ');
      expect(
        api.some((r) => r.method === method && r.url === url),
        key,
      ).toBe(true);
    }
  });

  it('refuses anonymous callers on every non-public route', async () => {
    const checked: string[] = [];
    for (const r of s.routes) {
      const key = `${r.method} ${r.url}`;
      if (!r.url.startsWith('/api/') || PUBLIC.has(key) || isDocs(r.url) || isVisitorApi(r.url)) continue;
      const res = await s.app.inject({
        method: r.method as never,
        url: concrete(r.url),
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, key).toBe(401);
      expect(res.json().error, key).toBe('ERR_SESSION_EXPIRED');
      checked.push(key);
    }
    expect(checked.length).toBeGreaterThan(50);
  });

  it('refuses a forged token on every non-public route', async () => {
    for (const r of s.routes) {
      const key = `${r.method} ${r.url}`;
      if (!r.url.startsWith('/api/') || PUBLIC.has(key) || isDocs(r.url) || isVisitorApi(r.url)) continue;
      const res = await s.app.inject({ method: r.method as never, url: concrete(r.url), headers: bearer('forged.token.value') });
      expect(res.statusCode, key).toBe(403);
    }
  });

  it('refuses attendants on every admin-only route', async () => {
    // The admin user (id 1) is the target where an id is needed: an attendant may not touch it.
    const simulator = s.routes.filter((r) => r.url.startsWith('/api/simulator/')).map((r) => ({ route: `${r.method} ${r.url}` }));
    expect(simulator.length).toBeGreaterThan(5);
    for (const { route, url, body } of [...ADMIN_ONLY, ...simulator] as { route: string; url?: string; body?: object }[]) {
      const [method, routeUrl] = route.split(' ');
      const res = await s.app.inject({
        method: method as never,
        url: url ?? concrete(routeUrl),
        headers: bearer(agent.token),
        payload: body as never,
      });
      expect(res.statusCode, route).toBe(403);
      expect(res.json().error, route).toBe('ERR_NO_PERMISSION');
    }
  });
});
