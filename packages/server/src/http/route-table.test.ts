/**
 * The shared route table (@switchboard/shared ROUTES) is what the server registers: each entry's
 * method and path exist under /api, with the very schemas the table names for its params, query,
 * body and success answer. The clients build their requests from the table, so this is what makes
 * a request that typechecks one the server accepts.
 */
import { ROUTES, type RouteDef } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.js';
import { ROUTE_POLICIES } from './route-policies.js';

describe('the shared route table', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(() => s.stop());

  const entries = Object.entries(ROUTES).flatMap(([feature, routes]) =>
    Object.entries(routes).map(([name, def]) => [`${feature}.${name}`, def as RouteDef] as const),
  );

  it.each(entries)('%s is registered as the table says', (_name, def) => {
    const registered = s.routes.find((r) => r.method === def.method && r.url === `/api${def.path}`);
    expect(registered, `${def.method} /api${def.path} is not a route of the server`).toBeDefined();
    const { schema } = registered!;
    expect(schema.params).toBe(def.params);
    expect(schema.querystring).toBe(def.query);
    expect(schema.body).toBe(def.bodyCheckedByHandler ? undefined : def.body);
    expect((schema.response as Record<number, unknown>)[def.status ?? 200]).toBe(def.answer);
  });

  it('covers every route of the features it lists (a new route of a migrated feature goes in the table)', () => {
    const prefixes = Object.values(ROUTES).map(
      (routes) =>
        `/api${Object.values(routes as Record<string, RouteDef>)[0]
          .path.split('/')
          .slice(0, 2)
          .join('/')}`,
    );
    const table = new Set(entries.map(([, def]) => `${def.method} /api${def.path}`));
    const missing = s.routes
      .filter((r) => r.method !== 'OPTIONS' && prefixes.some((p) => r.url === p || r.url.startsWith(`${p}/`)))
      // Files (CSV exports, media) are downloaded and uploads are multipart: not JSON calls of the table.
      .filter(
        (r) =>
          !r.url.endsWith('/export') &&
          !r.url.includes('/media/') &&
          !r.url.endsWith('/media') &&
          !r.url.endsWith('/attachments') &&
          !r.url.endsWith('/*'),
      )
      .map((r) => `${r.method} ${r.url}`)
      // The external API (its reference path /messages/send among them) is for other systems with
      // the API token, documented by the OpenAPI document: not a call of the app's own clients.
      .filter((key) => ROUTE_POLICIES[key] !== 'api-token')
      .filter((key) => !table.has(key));
    expect(missing).toEqual([]);
  });
});
