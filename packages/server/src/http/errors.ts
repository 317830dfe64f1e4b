/**
 * One error format for every route: `{ error: CODE }` (spec §8), plus `message` and field
 * `details` for validation failures. A database that refuses writes or cannot be reached answers
 * 503 ERR_DATABASE_UNAVAILABLE; other unknown failures are logged and answer a bare 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isClientDataError, isDatabaseUnavailable } from '../lib/app-error.js';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: err.code, ...(err.message !== err.code ? { message: err.message } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Typed here: the provider's issue type does not resolve from its declarations.
      const details = err.validation.map((v: { instancePath?: string; message?: string }) => ({
        path: [err.validationContext, ...String(v.instancePath ?? '').split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ error: 'ERR_VALIDATION', message: details[0]?.message, details });
    }
    if (err.statusCode === 429) {
      return reply.status(429).send({ error: 'ERR_TOO_MANY_REQUESTS' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, body too large, unsupported media type…: the client's fault, said plainly.
      return reply.status(err.statusCode).send({ error: 'ERR_VALIDATION', message: err.message });
    }
    if (isClientDataError(err)) {
      // e.g. /users/3000000000: a valid number that no integer column can hold.
      return reply.status(400).send({ error: 'ERR_VALIDATION', message: 'Invalid value' });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply.status(503).header('Retry-After', '30').send({ error: 'ERR_DATABASE_UNAVAILABLE' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'ERR_INTERNAL' });
  });
}

/** The answer to a route that does not exist (buildApp installs the one not-found handler). */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ error: 'ERR_NOT_FOUND', message: `${request.method} ${request.url}` });
}
