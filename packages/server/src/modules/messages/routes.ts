import { messagesQuerySchema, sendMessageSchema } from '@switchboard/shared';
import type { MultipartFile } from '@fastify/multipart';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';
import type { UploadedFile } from './service.js';

const ticketParams = z.object({ ticketId: z.coerce.number().int().positive() });
const messageParams = z.object({ id: z.string().min(1).max(100) });

export function registerMessageRoutes(app: App, { messages, media }: Services): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['messages'];

  app.get('/messages/:ticketId', { ...opts, schema: { params: ticketParams, querystring: messagesQuerySchema, tags } }, (req) =>
    messages.list(req.actor, req.params.ticketId, req.query.pageNumber),
  );

  // JSON {body, quotedMsg} or multipart with `medias` files and a `body` field.
  app.post('/messages/:ticketId', { ...opts, bodyLimit: 110 * 1024 * 1024, schema: { params: ticketParams, tags } }, async (req, reply) => {
    const idempotencyHeader = req.headers['idempotency-key'];
    let fields: Record<string, unknown> = {};
    const files: UploadedFile[] = [];
    if (req.isMultipart()) {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          files.push({ data: await (part as MultipartFile).toBuffer(), filename: part.filename });
        } else {
          fields[part.fieldname] = part.value;
        }
      }
    } else {
      fields = (req.body as Record<string, unknown>) ?? {};
    }
    if (typeof idempotencyHeader === 'string' && !fields.idempotencyKey) fields.idempotencyKey = idempotencyHeader;
    const parsed = sendMessageSchema.safeParse(fields);
    if (!parsed.success) throw new AppError('ERR_VALIDATION', 400, parsed.error.issues[0]?.message);
    const sent = await messages.send(req.actor, req.params.ticketId, parsed.data, files);
    return reply.status(201).send(sent.length === 1 ? sent[0] : sent);
  });

  app.delete('/messages/:id', { ...opts, schema: { params: messageParams, tags } }, (req) =>
    messages.deleteForEveryone(req.actor, req.params.id),
  );

  app.get('/messages/:id/media', { ...opts, schema: { params: messageParams, tags } }, async (req, reply) => {
    const file = await messages.mediaOf(req.actor, req.params.id);
    reply.header('Content-Type', file.mime);
    reply.header(
      'Content-Disposition',
      `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    );
    reply.header('Cache-Control', 'private, max-age=3600');
    return reply.send(media.stream(file.path));
  });
}
