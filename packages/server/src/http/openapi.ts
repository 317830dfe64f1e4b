/**
 * The OpenAPI document of the whole API, generated from the zod route schemas, and Swagger UI at
 * /api/docs. Registered before the routes so every route is collected.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Switchboard API',
        description:
          'Every call of the web app under /api. Session calls use the access token from POST /api/auth/login ' +
          '(bearerAuth); POST /api/send uses the API token shown in the web app under Administration → API key (/apikey, administrators only; apiToken). Errors answer ' +
          '`{ "error": "ERR_…" }`.',
        version,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token of a signed-in user' },
          apiToken: { type: 'http', scheme: 'bearer', description: 'The userApiToken setting (admins: /apikey)' },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: createJsonSchemaTransform({
      skipList: [`${DOCS_PREFIX}/*`, DOCS_PREFIX, `${DOCS_PREFIX}/json`, `${DOCS_PREFIX}/yaml`],
      zodToJsonConfig: { target: 'openapi-3.0' },
    }),
    // The named answers (User, Ticket, Error…, shared responses/*) become components; written for
    // OpenAPI 3.0 like the routes' own schemas.
    transformObject: createJsonSchemaTransformObject({ zodToJsonConfig: { target: 'openapi-3.0' } }),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    // Its own Content-Security-Policy, with hashes of its inline scripts; without upgrading
    // requests to https, which would break a plain-http installation.
    staticCSP: true,
    transformStaticCSP: (header: string) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}
