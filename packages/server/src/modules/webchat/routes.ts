/**
 * The visitor API under /api/webchat, called by the website widget from other sites. Answers name
 * the calling origin for CORS whatever it is: the protection is the service, which refuses an
 * origin the connection does not allow with 403 before doing anything. Preflights say nothing and
 * change nothing.
 */
import { text, webchatSendSchema, webchatVisitorStartSchema } from '@switchboard/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bearerToken } from '../../http/auth.js';
import { readMultipartUpload } from '../../http/multipart-upload.js';
import type { App } from '../../http/types.js';
import { AppError } from '../../lib/app-error.js';
import type { WebchatService } from '../../channels/webchat/service.js';

const channelParams = z.object({ channel: z.string().regex(/^(\d{1,9}|wc_[0-9a-f]{24})$/, 'Invalid channel') });
const mediaParams = z.object({ id: text().min(1).max(100) });
const attachmentFields = z.object({
  id: webchatSendSchema.shape.id,
  body: text().trim().max(4096).optional().default(''),
});

const originOf = (req: FastifyRequest): string | undefined =>
  typeof req.headers.origin === 'string' ? req.headers.origin : undefined;

function allowOrigin(req: FastifyRequest, reply: FastifyReply): void {
  const origin = originOf(req);
  if (origin) {
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
  }
}

export function registerWebchatRoutes(app: App, webchat: WebchatService, maxRequestBytes: number): void {
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

  app.options('/webchat/*', { schema: { hide: true } }, (req, reply) => {
    allowOrigin(req, reply);
    reply.header('Access-Control-Allow-Methods', 'GET, POST');
    reply.header('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    reply.header('Access-Control-Max-Age', '600');
    return reply.status(204).send();
  });

  app.get('/webchat/:channel/config', { ...cors, schema: { params: channelParams, tags } }, (req) =>
    webchat.config(req.params.channel, originOf(req)),
  );

  app.post(
    '/webchat/:channel/visitors',
    { ...cors, config: { rateLimit: { max: 20, timeWindow: '1 minute' } }, schema: { params: channelParams, body: webchatVisitorStartSchema, tags } },
    async (req, reply) => reply.status(201).send(await webchat.start(req.params.channel, originOf(req), req.body)),
  );

  app.get('/webchat/messages', { ...cors, config: visitorLimit, schema: { tags } }, async (req) =>
    webchat.history(await webchat.visitor(bearerToken(req), originOf(req))),
  );

  // 201 only once the message is stored (or kept in the inbound journal for a replay).
  app.post('/webchat/messages', { ...cors, config: visitorLimit, schema: { tags } }, async (req, reply) => {
    const visitor = await webchat.visitor(bearerToken(req), originOf(req));
    const parsed = webchatSendSchema.safeParse(req.body);
    if (!parsed.success) throw new AppError('ERR_VALIDATION', 400, parsed.error.issues[0]?.message);
    return reply.status(201).send(await webchat.send(visitor, parsed.data));
  });

  // Multipart: one `file`, the widget's `id` and an optional `body` caption. The token and origin
  // are checked before the body is read.
  app.post('/webchat/attachments', { ...cors, config: visitorLimit, schema: { tags } }, async (req, reply) => {
    const visitor = await webchat.visitor(bearerToken(req), originOf(req));
    if (!req.isMultipart()) throw new AppError('ERR_VALIDATION', 400, 'Expected multipart/form-data');
    const upload = await readMultipartUpload(req, webchat.hub.media, { maxRequestBytes, maxFiles: 1, fileField: 'file' });
    const file = upload.files[0]?.media;
    const fields = attachmentFields.safeParse(upload.fields);
    if (!file || !fields.success) {
      if (file) await webchat.hub.media.remove([file.name]);
      throw new AppError('ERR_VALIDATION', 400, fields.success ? 'A file is required' : fields.error.issues[0]?.message);
    }
    return reply.status(201).send(await webchat.sendAttachment(visitor, fields.data.id, fields.data.body, file));
  });

  app.get('/webchat/media/:id', { ...cors, config: visitorLimit, schema: { params: mediaParams, tags } }, async (req, reply) => {
    const visitor = await webchat.visitor(bearerToken(req), originOf(req));
    const row = await webchat.hub.visitorMedia(visitor, req.params.id);
    reply.header('Content-Type', row.mediaMime ?? 'application/octet-stream');
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.mediaName ?? 'file')}`);
    reply.header('Cache-Control', 'private, max-age=3600');
    return reply.send(webchat.hub.media.stream(row.mediaPath!));
  });
}
