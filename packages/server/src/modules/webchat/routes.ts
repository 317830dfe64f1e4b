/**
 * The visitor API under /api/webchat, called by the website widget from other sites. Answers name
 * the calling origin for CORS whatever it is: the protection is the service, which refuses an
 * origin the connection does not allow with 403 before doing anything. Preflights say nothing and
 * change nothing.
 */
import { text, WEBCHAT_ROUTES as R, webchatMessageSchema, webchatSendSchema } from '@switchboard/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bearerToken } from '../../http/auth.js';
import { readMultipartUpload } from '../../http/multipart-upload.js';
import { answers, BODY, fileBody, INPUT, noContent } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import { AppError } from '../../lib/app-error.js';
import type { WebchatService } from '../../channels/webchat/service.js';

const mediaParams = z.object({ id: text().min(1).max(100) });
const attachmentFields = z.object({
  id: webchatSendSchema.shape.id,
  body: text().trim().max(4096).optional().default(''),
});

const originOf = (req: FastifyRequest): string | undefined => (typeof req.headers.origin === 'string' ? req.headers.origin : undefined);

function allowOrigin(req: FastifyRequest, reply: FastifyReply): void {
  const origin = originOf(req);
  if (origin) {
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
  }
}

export function registerWebchatRoutes(app: App, webchat: WebchatService, maxRequestBytes: number): void {
  /** Another site, a visitor of another site, or no site of this chat at all. */
  const SITE = { 403: ['ERR_NO_PERMISSION'], 404: ['ERR_NO_WAPP_FOUND'] } as const;
  /** The visitor token is missing or not one of this chat's visitors. */
  const VISITOR = { 401: ['ERR_INVALID_TOKEN'], 403: ['ERR_NO_PERMISSION'] } as const;
  const LIMITED = { 429: ['ERR_TOO_MANY_REQUESTS'] } as const;

  const tags = ['webchat'];
  const cors = {
    onSend: (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      allowOrigin(req, reply);
      // The widget's page is another site: our own-site framing and referrer rules do not apply
      // to these answers, but they must not be sniffed either.
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      return Promise.resolve(payload);
    },
  };
  const visitorLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

  app.options('/webchat/*', { schema: { hide: true, response: answers({ 204: noContent }) } }, async (req, reply) => {
    allowOrigin(req, reply);
    reply.header('Access-Control-Allow-Methods', 'GET, POST');
    reply.header('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    reply.header('Access-Control-Max-Age', '600');
    return reply.status(204).send();
  });

  app.get(R.config.path, { ...cors, schema: { ...requestSchemas(R.config), tags, response: answers(ok(R.config), INPUT, SITE) } }, (req) =>
    webchat.config(req.params.channel, originOf(req)),
  );

  app.post(
    R.startVisitor.path,
    {
      ...cors,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { ...requestSchemas(R.startVisitor), tags, response: answers(ok(R.startVisitor), BODY, SITE, LIMITED) },
    },
    async (req, reply) => reply.status(201).send(await webchat.start(req.params.channel, originOf(req), req.body)),
  );

  app.get(
    R.history.path,
    { ...cors, config: visitorLimit, schema: { tags, response: answers(ok(R.history), VISITOR, SITE, LIMITED) } },
    async (req) => webchat.history(await webchat.visitor(bearerToken(req), originOf(req))),
  );

  // 201 only once the message is stored (or kept in the inbound journal for a replay).
  app.post(
    R.send.path,
    { ...cors, config: visitorLimit, schema: { tags, response: answers(ok(R.send), BODY, VISITOR, SITE, LIMITED) } },
    async (req, reply) => {
      const visitor = await webchat.visitor(bearerToken(req), originOf(req));
      const parsed = R.send.body.safeParse(req.body);
      if (!parsed.success) throw new AppError('ERR_VALIDATION', 400, parsed.error.issues[0]?.message);
      return reply.status(201).send(await webchat.send(visitor, parsed.data));
    },
  );

  // Multipart: one `file`, the widget's `id` and an optional `body` caption. The token and origin
  // are checked before the body is read.
  app.post(
    '/webchat/attachments',
    {
      ...cors,
      config: visitorLimit,
      schema: {
        tags,
        response: answers({ 201: webchatMessageSchema }, BODY, VISITOR, SITE, LIMITED, {
          413: ['ERR_MEDIA_TOO_LARGE', 'ERR_UPLOAD_TOO_LARGE', 'ERR_UPLOAD_QUOTA'],
        }),
      },
    },
    async (req, reply) => {
      const visitor = await webchat.visitor(bearerToken(req), originOf(req));
      if (!req.isMultipart()) throw new AppError('ERR_VALIDATION', 400, 'Expected multipart/form-data');
      // Anonymous visitors get a smaller cap than staff, and daily totals: read before the file is.
      const budget = await webchat.limits.uploadBudget(visitor);
      const upload = await readMultipartUpload(req, webchat.hub.media, {
        maxRequestBytes: Math.min(maxRequestBytes, budget.bytes),
        maxFiles: 1,
        fileField: 'file',
      }).catch((err: unknown) => {
        throw err instanceof AppError && err.code === 'ERR_UPLOAD_TOO_LARGE' && budget.bytes < maxRequestBytes
          ? webchat.limits.tooLarge(budget)
          : err;
      });
      const file = upload.files[0]?.media;
      if (file) {
        try {
          await webchat.limits.countUpload(visitor, file.size);
        } catch (err) {
          await webchat.hub.media.remove([file.name]);
          throw err;
        }
      }
      const fields = attachmentFields.safeParse(upload.fields);
      if (!file || !fields.success) {
        if (file) await webchat.hub.media.remove([file.name]);
        throw new AppError('ERR_VALIDATION', 400, fields.success ? 'A file is required' : fields.error.issues[0]?.message);
      }
      return reply.status(201).send(await webchat.sendAttachment(visitor, fields.data.id, fields.data.body, file));
    },
  );

  app.get(
    '/webchat/media/:id',
    {
      ...cors,
      config: visitorLimit,
      schema: {
        params: mediaParams,
        tags,
        response: answers({ 200: fileBody('The attachment') }, INPUT, VISITOR, SITE, LIMITED, { 404: ['ERR_NOT_FOUND'] }),
      },
    },
    async (req, reply) => {
      const visitor = await webchat.visitor(bearerToken(req), originOf(req));
      const row = await webchat.hub.visitorMedia(visitor, req.params.id);
      reply.header('Content-Type', row.mediaMime ?? 'application/octet-stream');
      reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.mediaName ?? 'file')}`);
      reply.header('Cache-Control', 'private, max-age=3600');
      return reply.send(webchat.hub.media.stream(row.mediaPath!));
    },
  );
}
