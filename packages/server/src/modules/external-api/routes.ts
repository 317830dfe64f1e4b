/**
 * POST /api/send: authenticated by the userApiToken setting (not by a user session), compared in
 * constant time; rate-limited per token (wrong tokens per client address, so guessing is slow).
 */
import type { MultipartFile } from '@fastify/multipart';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../http/auth.js';
import type { App } from '../../http/types.js';
import { AppError } from '../../lib/app-error.js';
import { safeEqual } from '../../lib/passwords.js';
import type { SettingsService } from '../settings/service.js';
import type { ApiFile, ExternalApiService } from './service.js';
import { apiSendResponseSchema, apiSendSchema } from './schema.js';

/** Sends per minute for the valid token; refused attempts per minute per client address. */
export const API_SEND_PER_MINUTE = 120;

declare module 'fastify' {
  interface FastifyRequest {
    apiFiles?: ApiFile[];
  }
}

export function isApiToken(settings: SettingsService, token: string | undefined): boolean {
  const expected = settings.get('userApiToken');
  // An empty value on either side never matches (a missing setting must not open the door).
  if (!token || !expected) return false;
  return safeEqual(token, expected);
}

export function registerExternalApiRoutes(app: App, settings: SettingsService, api: ExternalApiService): void {
  const authenticateApi = async (req: FastifyRequest) => {
    const token = bearerToken(req);
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401, 'Authorization: Bearer <API token> is required');
    if (!isApiToken(settings, token)) throw new AppError('ERR_NO_PERMISSION', 403, 'Invalid API token');
  };

  app.post(
    '/send',
    {
      bodyLimit: 110 * 1024 * 1024,
      config: {
        rateLimit: {
          max: API_SEND_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (req: FastifyRequest) => {
            const token = bearerToken(req);
            return isApiToken(settings, token)
              ? `api:${createHash('sha256').update(token!).digest('hex').slice(0, 16)}`
              : `api-refused:${req.ip}`;
          },
        },
      },
      // Authorisation before the body is read: an unauthorised upload is not buffered.
      onRequest: authenticateApi,
      // Multipart text fields become the body the schema validates; files are kept aside.
      preValidation: async (req) => {
        if (!req.isMultipart()) return;
        const fields: Record<string, unknown> = {};
        const files: ApiFile[] = [];
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'medias') throw new AppError('ERR_VALIDATION', 400, `Unexpected file field ${part.fieldname}`);
            files.push({ data: await (part as MultipartFile).toBuffer(), filename: part.filename });
          } else {
            fields[part.fieldname] = part.value;
          }
        }
        req.apiFiles = files;
        req.body = fields as typeof req.body;
      },
      schema: {
        tags: ['external api'],
        summary: 'Send a text (JSON) or files (multipart/form-data: number, body, medias[]) to a number',
        description:
          'Authorization: Bearer <API token> (Settings → API key). The number is checked on the chosen or default ' +
          'connection; the contact and its ticket are found or created; with closeTicketApi the ticket is closed after sending.',
        consumes: ['application/json', 'multipart/form-data'],
        security: [{ apiToken: [] }],
        body: apiSendSchema,
        response: { 201: apiSendResponseSchema },
      },
    },
    async (req, reply) => {
      const result = await api.send(req.body, req.apiFiles ?? []);
      return reply.status(201).send(result as never);
    },
  );
}
