import { messagesQuerySchema, sendMessageSchema } from '@switchboard/shared';
import { z } from 'zod';
import { text, numeric } from '@switchboard/shared';
import { AppError } from '../../lib/app-error.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';
import { MAX_FILES_PER_REQUEST, readMultipartUpload } from '../../http/multipart-upload.js';
import type { StoredMedia } from '../../lib/media-store.js';

const ticketParams = z.object({ ticketId: numeric(z.number().int().positive()) });
const messageParams = z.object({ id: text().min(1).max(100) });

export function registerMessageRoutes(app: App, { messages, media, notes }: Services, maxRequestBytes: number): void {
  const opts = { onRequest: app.authenticate };
  const uploadLimits = { maxRequestBytes, maxFiles: MAX_FILES_PER_REQUEST };
  const tags = ['messages'];

  app.get('/messages/:ticketId', { ...opts, schema: { params: ticketParams, querystring: messagesQuerySchema, tags } }, (req) =>
    messages.list(req.actor, req.params.ticketId, req.query.pageNumber),
  );

  // JSON {body, quotedMsg} or multipart with `medias` files and `body` / `voiceNote` fields. Access
  // is checked before the body is read: a refused upload is never received.
  app.post('/messages/:ticketId', { ...opts, schema: { params: ticketParams, tags } }, async (req, reply) => {
    const idempotencyHeader = req.headers['idempotency-key'];
    // A private note (JSON, text only) is for staff: it has its own access rule (users mentioned on
    // the ticket may add notes too) and never reaches the channel.
    if (!req.isMultipart()) {
      const json = (req.body as Record<string, unknown> | null) ?? {};
      if (json.isPrivate === true || json.isPrivate === 'true') {
        const parsed = sendMessageSchema.safeParse({
          ...json,
          idempotencyKey: json.idempotencyKey ?? (typeof idempotencyHeader === 'string' ? idempotencyHeader : undefined),
        });
        if (!parsed.success) throw new AppError('ERR_VALIDATION', 400, parsed.error.issues[0]?.message);
        if (parsed.data.quotedMsg || parsed.data.voiceNote) throw new AppError('ERR_VALIDATION', 400, 'Private notes are text only');
        return reply.status(201).send(await notes.add(req.actor, req.params.ticketId, parsed.data.body, parsed.data.idempotencyKey));
      }
    }
    await messages.assertCanSend(req.actor, req.params.ticketId);
    let fields: Record<string, unknown>;
    let files: StoredMedia[] = [];
    if (req.isMultipart()) {
      const upload = await readMultipartUpload(req, media, uploadLimits);
      fields = upload.fields;
      files = upload.files.map((f) => f.media);
    } else {
      fields = (req.body as Record<string, unknown>) ?? {};
    }
    try {
      if (typeof idempotencyHeader === 'string' && !fields.idempotencyKey) fields.idempotencyKey = idempotencyHeader;
      const parsed = sendMessageSchema.safeParse(fields);
      if (!parsed.success) throw new AppError('ERR_VALIDATION', 400, parsed.error.issues[0]?.message);
      if (parsed.data.isPrivate) throw new AppError('ERR_VALIDATION', 400, 'Private notes are text only');
      const sent = await messages.send(req.actor, req.params.ticketId, parsed.data, files);
      return reply.status(201).send(sent.length === 1 ? sent[0] : sent);
    } catch (err) {
      // Nothing was sent: the files of this request are not kept.
      await media.remove(files.map((f) => f.name));
      throw err;
    }
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
