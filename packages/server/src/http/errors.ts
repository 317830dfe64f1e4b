/**
 * One error format for every route: `{ error: CODE }` (spec §8), plus `message` and field
 * `details` for validation failures. A database that refuses writes or cannot be reached answers
 * 503 ERR_DATABASE_UNAVAILABLE; other unknown failures are logged and answer a bare 500.
 */
import {
  ERROR_MESSAGES,
  VALIDATION_MESSAGES,
  preferredMessageLanguage,
  validationKeyOf,
  type ErrorBody,
  type MessageLanguage,
} from '@switchboard/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isClientDataError, isDatabaseUnavailable } from '../lib/app-error.js';
import { StorageFaults } from '../lib/storage-faults.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Storage failures seen by requests, for /api/health. */
    storageFaults: StorageFaults;
  }
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registerErrorHandler(app: FastifyInstance): void {
  const faults = new StorageFaults();
  app.decorate('storageFaults', faults);
  // A change that succeeded shows storage takes writes again.
  app.addHook('onResponse', (request, reply, done) => {
    if (CHANGES.has(request.method) && reply.statusCode < 400) faults.wrote();
    // Request logging (Fastify's own is off in app.ts): every request at debug; failures are
    // logged where they happen (the error handler below), at warn or error.
    request.log.debug(
      { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: err.code, ...(err.message !== err.code ? { message: err.message } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Typed here: the provider's issue type does not resolve from its declarations.
      const details = err.validation.map((v: { instancePath?: string; message?: string }) => ({
        path: [
          err.validationContext,
          ...String(v.instancePath ?? '')
            .split('/')
            .filter(Boolean),
        ].join('.'),
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
      faults.fault();
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

function isErrorBody(payload: unknown): payload is ErrorBody {
  return typeof payload === 'object' && payload !== null && typeof (payload as { error?: unknown }).error === 'string';
}

/**
 * An error body's `message` in the caller's language. Clients of the reference product show
 * `message` before `error`, so it must read right: a known validation wording becomes its
 * translation, any other known code its translated text. `error` and `details` stay as they are
 * (machine-readable, the spec's wording). Without a supported Accept-Language nothing changes.
 */
export function localizeErrorBody(body: ErrorBody, language: MessageLanguage): ErrorBody {
  const code = body.error;
  if (code === 'ERR_VALIDATION') {
    const detail = body.message ?? body.details?.[0]?.message;
    const key = detail ? validationKeyOf(detail) : undefined;
    if (key) return { ...body, message: VALIDATION_MESSAGES[language][key] };
    // An English detail the dictionary does not know still says more than the generic text.
    if (language === 'en' && detail) return body;
    return { ...body, message: ERROR_MESSAGES[language].ERR_VALIDATION };
  }
  const known = (ERROR_MESSAGES[language] as Record<string, string | undefined>)[code];
  return known ? { ...body, message: known } : body;
}

/** Every error answer's `message` in the language the request asks for (Accept-Language). */
export function registerErrorLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 400 || !isErrorBody(payload)) return payload;
    const language = preferredMessageLanguage(request.headers['accept-language']);
    return language ? localizeErrorBody(payload, language) : payload;
  });
}
