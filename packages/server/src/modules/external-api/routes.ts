/**
 * POST /api/send: authenticated by the userApiToken setting (not by a user session), compared in
 * constant time; rate-limited per token (wrong tokens per client address, so guessing is slow).
 *
 * The same send is served at the paths integrations written for the reference product call
 * (REFERENCE_SEND_PATHS), answering as the reference does (reference-answer.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../http/auth.js';
import type { App } from '../../http/types.js';
import { AppError } from '../../lib/app-error.js';
import { safeEqual } from '../../lib/passwords.js';
import type { SettingsService } from '../../store/settings.js';
import { MAX_FILES_PER_REQUEST, readMultipartUpload } from '../../http/multipart-upload.js';
import type { MediaStore, StoredMedia } from '../../lib/media-store.js';
import type { ExternalApiService } from './service.js';
import { apiSendResponseSchema } from '@switchboard/shared';
import { answers, BODY } from '../../http/responses.js';
import { apiSendSchema } from './schema.js';
import { referenceSendAnswer, referenceSendAnswerSchema } from './reference-answer.js';

/**
 * Under the /api prefix: `/messages/send` is the reference's own path on the bare host; with the
 * base URL `https://<host>/api` (README) integrations call `/api/api/send` and
 * `/api/api/messages/send`.
 */
export const REFERENCE_SEND_PATHS = ['/messages/send', '/api/send', '/api/messages/send'] as const;

/** Sends per minute for the valid token; refused attempts per minute per client address. */
export const API_SEND_PER_MINUTE = 120;

declare module 'fastify' {
  interface FastifyRequest {
    apiFiles?: StoredMedia[];
  }
}

export function isApiToken(settings: SettingsService, token: string | undefined): boolean {
  const expected = settings.get('userApiToken');
  // An empty value on either side never matches (a missing setting must not open the door).
  if (!token || !expected) return false;
  return safeEqual(token, expected);
}

export function registerExternalApiRoutes(
  app: App,
  settings: SettingsService,
  api: ExternalApiService,
  media: MediaStore,
  maxRequestBytes: number,
): void {
  const uploadLimits = { maxRequestBytes, maxFiles: MAX_FILES_PER_REQUEST, fileField: 'medias' };
  const authenticateApi = async (req: FastifyRequest) => {
    const token = bearerToken(req);
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401, 'Authorization: Bearer <API token> is required');
    // The stored value, not this process's cache: a token regenerated on another process is
    // refused here at once.
    const expected = await settings.fresh('userApiToken');
    if (!expected || !safeEqual(token, expected)) throw new AppError('ERR_NO_PERMISSION', 403, 'Invalid API token');
  };

  const routeOptions = {
    config: {
      rateLimit: {
        max: API_SEND_PER_MINUTE,
        timeWindow: '1 minute',
        // One budget per token, whichever of the paths below it calls.
        keyGenerator: (req: FastifyRequest) => {
          const token = bearerToken(req);
          return isApiToken(settings, token)
            ? `api:${createHash('sha256').update(token!).digest('hex').slice(0, 16)}`
            : `api-refused:${req.ip}`;
        },
      },
    },
    // Authorisation before the body is read (an unauthorised upload is not buffered), and after
    // the rate limit (onRequest), so wrong tokens are counted and guessing is slowed.
    preParsing: async (req: FastifyRequest, _reply: unknown, payload: unknown) => {
      await authenticateApi(req);
      return payload;
    },
    // Multipart text fields become the body the schema validates; files are streamed to the media
    // store and kept aside (removed again if the send fails).
    preValidation: async (req: FastifyRequest) => {
      if (!req.isMultipart()) return;
      const upload = await readMultipartUpload(req, media, uploadLimits);
      req.apiFiles = upload.files.map((f) => f.media);
      req.body = upload.fields;
    },
    onError: async (req: FastifyRequest) => {
      if (req.apiFiles?.length) await media.remove(req.apiFiles.map((f) => f.name));
    },
  };
  const doc = {
    tags: ['external api'],
    summary: 'Send a text (JSON) or files (multipart/form-data: number, body, medias[]) to a number',
    description:
      'Authorization: Bearer <API token> (web app menu: Administration → API key, /apikey; administrators only). The number is checked on the chosen or default ' +
      'connection; the contact and its ticket are found or created; with closeTicketApi the ticket is closed after sending.',
    consumes: ['application/json', 'multipart/form-data'],
    security: [{ apiToken: [] }],
    body: apiSendSchema,
  };
  const refusals = {
    400: ['ERR_WAPP_INVALID_CONTACT', 'ERR_WAPP_CHECK_CONTACT', 'ERR_SENDING_WAPP_MSG', 'ERR_CREATING_MESSAGE'],
    401: ['ERR_SESSION_EXPIRED'],
    403: ['ERR_NO_PERMISSION'],
    404: ['ERR_NO_DEF_WAPP_FOUND', 'ERR_NO_WAPP_FOUND', 'ERR_NO_TAG_FOUND', 'ERR_NO_USER_FOUND', 'ERR_NOT_FOUND'],
    409: ['ERR_WAPP_NOT_INITIALIZED'],
    413: ['ERR_MEDIA_TOO_LARGE', 'ERR_UPLOAD_TOO_LARGE'],
    429: ['ERR_TOO_MANY_REQUESTS'],
    // The process running the session did not answer in time (it is stopping or gone).
    503: ['ERR_WAPP_NOT_INITIALIZED'],
  } as const;

  app.post(
    '/send',
    { ...routeOptions, schema: { ...doc, response: answers({ 201: apiSendResponseSchema }, BODY, refusals) } },
    async (req, reply) => {
      const result = await api.send(req.body, req.apiFiles ?? []);
      return reply.status(201).send(result);
    },
  );

  for (const path of REFERENCE_SEND_PATHS) {
    app.post(
      path,
      {
        ...routeOptions,
        schema: {
          ...doc,
          summary: `${doc.summary}: the reference product's path and answer (200, { resp })`,
          response: answers({ 200: referenceSendAnswerSchema }, BODY, refusals),
        },
      },
      async (req) => referenceSendAnswer(await api.send(req.body, req.apiFiles ?? [])),
    );
  }
}
