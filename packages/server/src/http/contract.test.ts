/**
 * The API's contract: every route declares what it answers (its success and its `{ error }`
 * bodies), the OpenAPI document generated from those declarations is valid OpenAPI, and the
 * test-mode check (response-check.ts) reports an answer that breaks its declaration. Together with
 * the harness's check of every answer in every server test, a field renamed on the server fails here
 * instead of in the browser.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestServer, type TestServer } from '../test/harness.js';
import { DOCS_PREFIX } from './openapi.js';
import { AppError } from '../lib/app-error.js';
import { registerResponseCheck } from './response-check.js';
import { answers, INPUT } from './responses.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Operation {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

describe('API contract', () => {
  let s: TestServer;
  let doc: { paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> };

  beforeAll(async () => {
    s = await createTestServer();
    const res = await s.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => s.stop());

  it('every route declares its success and its error answers', () => {
    const api = s.routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith(DOCS_PREFIX));
    expect(api.length).toBeGreaterThan(60);
    const undeclared = api
      .filter((r) => !r.responses.some((status) => /^2\d\d$/.test(status)) || !r.responses.includes('500'))
      .map((r) => `${r.method} ${r.url} (declares: ${r.responses.join(', ') || 'nothing'})`);
    // A new route must say what it answers: schema.response = answers({ 2xx: schema }, …) (http/responses.ts).
    expect(undeclared, `routes without a response schema:\n${undeclared.join('\n')}`).toEqual([]);
  });

  it('the OpenAPI document is valid and lists every operation with its answers', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 3000)).toEqual([]);
    expect(result.valid).toBe(true);

    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${path}`, op: item[m]! })),
    );
    // CORS preflights (OPTIONS) are answered for browsers, not documented as operations.
    const documented = s.routes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith(DOCS_PREFIX) && r.url !== '/api/health' && r.method !== 'OPTIONS',
    );
    expect(operations.length).toBe(documented.length);
    for (const { key, op } of operations) {
      const statuses = Object.keys(op.responses ?? {});
      const success = statuses.find((c) => /^2\d\d$/.test(c));
      expect(success, `${key} documents no success`).toBeDefined();
      if (success !== '204') expect(op.responses![success!].content, `${key} documents no success body`).toBeDefined();
      const errors = statuses.filter((c) => /^[45]\d\d$/.test(c));
      expect(errors.length, `${key} documents no error`).toBeGreaterThan(0);
      for (const status of errors) {
        const schema = JSON.stringify(op.responses![status].content);
        expect(schema, `${key} ${status}`).toContain('ERR_');
      }
    }
  });

  it('shows examples of the main requests and answers', () => {
    const components = (doc as unknown as { components: { schemas: Record<string, { example?: unknown }> } }).components.schemas;
    /** The example of a body's schema, or of the component it refers to. */
    const exampleOf = (content: Record<string, { schema?: unknown }> | undefined) => {
      const schema = content?.['application/json']?.schema as { example?: unknown; $ref?: string } | undefined;
      return schema?.example ?? (schema?.$ref ? components[schema.$ref.split('/').at(-1)!]?.example : undefined);
    };
    const main: [string, (typeof METHODS)[number], string, boolean][] = [
      ['/api/tickets', 'get', '200', false],
      ['/api/tickets', 'post', '201', true],
      ['/api/tickets/{id}', 'get', '200', false],
      ['/api/tickets/{id}', 'put', '200', true],
      ['/api/messages/{ticketId}', 'post', '201', true],
      ['/api/contacts', 'post', '201', true],
      ['/api/contacts/{id}', 'get', '200', false],
      ['/api/send', 'post', '201', true],
    ];
    for (const [path, method, status, hasBody] of main) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method.toUpperCase()} ${path} is documented`).toBeDefined();
      expect(exampleOf(op!.responses?.[status]?.content), `${method.toUpperCase()} ${path} ${status} example`).toBeDefined();
      if (hasBody) expect(exampleOf(op!.requestBody?.content), `${method.toUpperCase()} ${path} request example`).toBeDefined();
    }
  });

  it('lists the error codes a route gives, with their status', () => {
    const put = doc.paths['/api/tickets/{id}'].put!;
    const codesOf = (status: string) => JSON.stringify(put.responses![status].content);
    expect(codesOf('401')).toContain('ERR_SESSION_EXPIRED');
    expect(codesOf('403')).toContain('ERR_INVALID_TOKEN');
    expect(codesOf('403')).toContain('ERR_NO_PERMISSION');
    expect(codesOf('404')).toContain('ERR_NO_TICKET_FOUND');
    expect(codesOf('409')).toContain('ERR_OTHER_OPEN_TICKET');
  });
});

describe('the test-mode answer check', () => {
  const found: string[] = [];
  const app = Fastify().withTypeProvider<ZodTypeProvider>();

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    registerResponseCheck(app, (problem) => found.push(problem), '/api/docs');
    const thing = z.object({ id: z.number().int(), name: z.string() });
    app.get('/api/right', { schema: { response: answers({ 200: thing }) } }, () => ({ id: 1, name: 'ok' }));
    // Answers off their declaration, as a renamed field or a forgotten status would be.
    app.get('/api/renamed', { schema: { response: answers({ 200: thing }) } }, () => ({ id: 1, title: 'renamed' }) as never);
    app.get('/api/undeclared', { schema: { response: answers({ 200: thing }, INPUT) } }, () => {
      throw new AppError('ERR_VALIDATION', 409);
    });
    app.get('/api/bare', () => ({ id: 1 }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('reports a body off its schema, an undeclared status and a route that declares nothing', async () => {
    await app.inject('/api/right');
    expect(found).toEqual([]);
    await app.inject('/api/renamed');
    await app.inject('/api/undeclared');
    await app.inject('/api/bare');
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/GET \/api\/renamed → 200: answer does not match its schema — name/);
    expect(found[1]).toMatch(/GET \/api\/undeclared → 409: status not declared/);
    expect(found[2]).toMatch(/GET \/api\/bare → 200: the route declares no response schema/);
  });
});
