import { MESSAGE_ROUTES as R, messageIdParamSchema, sendMessageSchema } from '@switchboard/shared';
import { answers, BODY, fileBody, INPUT, REFUSED, SIGNED_IN, type ErrorCodes } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text, numeric } from '@switchboard/shared';
import { AppError } from '../../lib/app-error.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';
import { MAX_FILES_PER_REQUEST, readMultipartUpload } from '../../http/multipart-upload.js';
import type { StoredMedia } from '../../lib/media-store.js';
import type { FastifyReply, FastifyRequest } from 'fastify';

const mediaLinkParams = z.object({
  id: text().min(1).max(100),
  expires: numeric(z.number().int().positive()),
  signature: text().min(1).max(100),
  name: text().min(1).max(300),
});

const NOT_FOUND = { 404: ['ERR_NOT_FOUND', 'ERR_NO_TICKET_FOUND'] } as const;

/**
 * Sending checks its body itself: a multipart body is read only after the access check (a refused
 * upload is never received). Its params are checked as
 * everywhere.
 */
function bodyCheckedByHandler<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  // Each part's schema is one of this route's zod schemas.
  return route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : validatorCompiler(route as unknown as FastifyRouteSchemaDef<z.ZodType>);
}

/** The JSON body as it came (bodyCheckedByHandler left it unparsed): the handler checks it. */
const rawBody = (req: { body: unknown }): Record<string, unknown> => (req.body ?? {}) as Record<string, unknown>;

export function registerMessageRoutes(app: App, { messages, media }: Services, maxRequestBytes: number): void {
  const opts = { onRequest: app.authenticate };
  const uploadLimits = { maxRequestBytes, maxFiles: MAX_FILES_PER_REQUEST };
  const tags = ['messages'];

  app.get(
    R.list.path,
    { ...opts, schema: { ...requestSchemas(R.list), tags, response: answers(ok(R.list), SIGNED_IN, INPUT, REFUSED, NOT_FOUND) } },
    (req) => messages.list(req.actor, req.params.ticketId, req.query),
  );

  app.get(
    R.search.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.search),
        tags,
        summary: 'Find messages by text in the ticket and the earlier tickets its chat shows',
        response: answers(ok(R.search), SIGNED_IN, INPUT, REFUSED, NOT_FOUND),
      },
    },
    (req) => messages.search(req.actor, req.params.ticketId, req.query.q),
  );

  // JSON {body, quotedMsg} or multipart with `medias` files and `body` / `voiceNote` fields. Access
  // is checked before the body is read: a refused upload is never received.
  const sendDoc = {
    // The fields of both forms, for the document; the handler checks them (see bodyCheckedByHandler).
    ...requestSchemas(R.send),
    tags,
    summary: 'Send a text (JSON {body, quotedMsg}) or files (multipart: medias[], body, voiceNote)',
    consumes: ['application/json', 'multipart/form-data'],
    response: answers(ok(R.send), SIGNED_IN, BODY, REFUSED, NOT_FOUND, {
      400: ['ERR_CREATING_MESSAGE', 'ERR_SENDING_WAPP_MSG', 'ERR_WAPP_INVALID_CONTACT', 'ERR_QUOTED_MSG_NOT_FOUND'],
      409: ['ERR_WAPP_NOT_INITIALIZED', 'ERR_CLOUD_WINDOW_CLOSED'],
      413: ['ERR_MEDIA_TOO_LARGE', 'ERR_UPLOAD_TOO_LARGE'],
    }),
  };
  app.post(R.send.path, { ...opts, schema: sendDoc, validatorCompiler: bodyCheckedByHandler }, async (req, reply) => {
    const idempotencyHeader = req.headers['idempotency-key'];
    await messages.assertCanSend(req.actor, req.params.ticketId);
    let fields: Record<string, unknown>;
    let files: StoredMedia[] = [];
    if (req.isMultipart()) {
      const upload = await readMultipartUpload(req, media, uploadLimits);
      fields = upload.fields;
      files = upload.files.map((f) => f.media);
    } else {
      fields = rawBody(req);
    }
    try {
      if (typeof idempotencyHeader === 'string' && !fields.idempotencyKey) fields.idempotencyKey = idempotencyHeader;
      const parsed = sendMessageSchema.safeParse(fields);
      if (!parsed.success) throw new AppError('ERR_VALIDATION', 400, parsed.error.issues[0]?.message);
      // A note sent here by an older client is refused, never sent to the customer as a message.
      if (parsed.data.isPrivate)
        throw new AppError('ERR_VALIDATION', 400, 'Private notes are added through POST /api/tickets/:ticketId/notes');
      const sent = await messages.send(req.actor, req.params.ticketId, parsed.data, files);
      return reply.status(201).send(sent.length === 1 ? sent[0] : sent);
    } catch (err) {
      // Nothing was sent: the files of this request are not kept.
      await media.remove(files.map((f) => f.name));
      throw err;
    }
  });

  app.delete(
    R.remove.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.remove),
        tags,
        response: answers(ok(R.remove), SIGNED_IN, INPUT, REFUSED, NOT_FOUND, {
          400: ['ERR_DELETE_WAPP_MSG'],
          409: ['ERR_WAPP_NOT_INITIALIZED'],
        }),
      },
    },
    (req) => messages.deleteForEveryone(req.actor, req.params.id),
  );

  // Reactions and edits travel to the customer: only on channels that have them (the page's
  // messageActions say which), by who may answer on the ticket.
  /** A change that travels to the customer: refused as any message's, or by the channel (`refusals`). */
  const changeOfMessage = <Req extends object, Ok extends Record<number, z.ZodType>, E extends ErrorCodes>(
    request: Req,
    success: Ok,
    summary: string,
    refusals: E,
  ) => ({
    ...opts,
    schema: {
      ...request,
      tags,
      summary,
      response: answers(success, SIGNED_IN, BODY, REFUSED, NOT_FOUND, { 409: ['ERR_WAPP_NOT_INITIALIZED'] } as const, refusals),
    },
  });
  app.put(
    R.react.path,
    changeOfMessage(requestSchemas(R.react), ok(R.react), "Put the company's reaction on a message (an empty emoji takes it away)", {
      400: ['ERR_REACT_WAPP_MSG'],
      409: ['ERR_VALIDATION'],
    } as const),
    (req) => messages.react(req.actor, req.params.id, req.body.emoji),
  );
  app.put(
    R.edit.path,
    changeOfMessage(
      requestSchemas(R.edit),
      ok(R.edit),
      'Edit the text of one of our sent texts, within the edit window (WhatsApp: 15 minutes)',
      { 400: ['ERR_EDIT_WAPP_MSG'], 409: ['ERR_EDIT_WINDOW_CLOSED'] } as const,
    ),
    (req) => messages.edit(req.actor, req.params.id, req.body.body),
  );

  app.post(
    R.retry.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.retry),
        tags,
        summary: 'Send a failed message of ours again',
        response: answers(ok(R.retry), SIGNED_IN, INPUT, REFUSED, NOT_FOUND, {
          400: ['ERR_VALIDATION', 'ERR_CREATING_MESSAGE'],
          409: ['ERR_CLOUD_WINDOW_CLOSED'],
        }),
      },
    },
    (req) => messages.retry(req.actor, req.params.id),
  );

  /**
   * The file, or the one byte range asked for: `<audio>` and `<video>` loading a link themselves
   * read the end of the file (its duration) and seek by ranges. A range that cannot be served is
   * ignored and the whole file sent, as HTTP allows.
   */
  const sendFile = async (
    req: FastifyRequest,
    reply: FastifyReply,
    file: { path: string; mime: string; name: string; inline: boolean },
    maxAge: number,
  ) => {
    const size = await media.size(file.path);
    reply.header('Content-Type', file.mime);
    reply.header('Content-Disposition', `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`);
    reply.header('Cache-Control', `private, max-age=${maxAge}`);
    reply.header('Accept-Ranges', 'bytes');
    const range = byteRange(req.headers.range, size);
    if (!range) {
      reply.header('Content-Length', size);
      return reply.send(media.stream(file.path));
    }
    reply.status(206);
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('Content-Length', range.end - range.start + 1);
    return reply.send(media.stream(file.path, range));
  };

  app.get(
    '/messages/:id/media',
    {
      ...opts,
      schema: {
        params: messageIdParamSchema,
        tags,
        produces: ['application/octet-stream'],
        response: answers(
          { 200: fileBody('The file, with its own Content-Type'), 206: fileBody('The bytes of the Range asked for') },
          SIGNED_IN,
          INPUT,
          REFUSED,
          NOT_FOUND,
        ),
      },
    },
    async (req, reply) => sendFile(req, reply, await messages.mediaOf(req.actor, req.params.id), 3600),
  );

  // The message's mediaUrl: a signed link, no token (lib/media-links.ts), so `<img src>` works.
  app.get(
    '/media/:id/:expires/:signature/:name',
    {
      schema: {
        params: mediaLinkParams,
        tags,
        summary: "A message's media through the signed link its mediaUrl gives (no token; valid for MEDIA_LINK_MINUTES)",
        produces: ['application/octet-stream'],
        response: answers(
          { 200: fileBody('The file, with its own Content-Type'), 206: fileBody('The bytes of the Range asked for') },
          INPUT,
          { 403: ['ERR_NO_PERMISSION'], 404: ['ERR_NOT_FOUND'] },
        ),
      },
    },
    async (req, reply) => {
      const file = await messages.mediaByLink(req.params.id, req.params.expires, req.params.signature);
      return sendFile(req, reply, file, file.cacheSeconds);
    },
  );
}

/** One `bytes=start-end` (or `bytes=-suffix`) range within `size`, or null: send the whole file. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || size === 0 || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    // The last N bytes.
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}
