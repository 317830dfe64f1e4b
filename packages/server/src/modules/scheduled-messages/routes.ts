import { dbIdParamSchema, SCHEDULED_MESSAGE_ROUTES as R, scheduledMessageSchema, TICKET_ROUTES } from '@switchboard/shared';
import { answers, BODY, INPUT, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';
import { ATTACHMENT_ERRORS, readAttachment } from '../../http/attachment-upload.js';

const NO_TICKET = { 404: ['ERR_NO_TICKET_FOUND'] } as const;
const NOT_FOUND = { 404: ['ERR_NOT_FOUND'] } as const;
const NOT_PENDING = { 409: ['ERR_SCHEDULE_NOT_PENDING'] } as const;

export function registerScheduledMessageRoutes(app: App, { scheduledMessages, media }: Services, maxRequestBytes: number): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['scheduledMessages'];

  app.get(
    R.calendar.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.calendar),
        tags,
        summary: 'Every send scheduled between two days, on the tickets the caller may see',
        response: answers(ok(R.calendar), SIGNED_IN, INPUT),
      },
    },
    (req) => scheduledMessages.calendar(req.actor, req.query),
  );
  app.get(
    TICKET_ROUTES.scheduledMessages.path,
    {
      ...opts,
      schema: {
        tags,
        summary: "A chat's scheduled messages",
        ...requestSchemas(TICKET_ROUTES.scheduledMessages),
        response: answers(ok(TICKET_ROUTES.scheduledMessages), SIGNED_IN, INPUT, NO_TICKET),
      },
    },
    (req) => scheduledMessages.listForTicket(req.actor, req.params.ticketId),
  );
  app.post(
    TICKET_ROUTES.schedule.path,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Schedule a message in a chat (a wall time of the company time zone)',
        ...requestSchemas(TICKET_ROUTES.schedule),
        response: answers(ok(TICKET_ROUTES.schedule), SIGNED_IN, BODY, NO_TICKET, { 400: ['ERR_CREATING_MESSAGE'] }),
      },
    },
    async (req, reply) => reply.status(201).send(await scheduledMessages.create(req.actor, req.params.ticketId, req.body)),
  );
  app.put(
    R.update.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.update),
        tags,
        summary: 'Change a scheduled message',
        response: answers(ok(R.update), SIGNED_IN, BODY, NOT_FOUND, NOT_PENDING),
      },
    },
    (req) => scheduledMessages.update(req.actor, req.params.id, req.body),
  );
  app.put(
    '/scheduledMessages/:id/media',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Attach a file sent with the text (multipart, one file in `media`; the limits of a chat upload)',
        consumes: ['multipart/form-data'],
        params: dbIdParamSchema,
        response: answers({ 200: scheduledMessageSchema }, SIGNED_IN, INPUT, NOT_FOUND, NOT_PENDING, ATTACHMENT_ERRORS),
      },
    },
    async (req) => {
      // Who may attach is checked before the upload is read: a refused file is never received.
      await scheduledMessages.assertCanAttach(req.actor, req.params.id);
      const file = await readAttachment(req, media, maxRequestBytes);
      try {
        return await scheduledMessages.attach(req.actor, req.params.id, file);
      } catch (err) {
        await media.remove([file.name]);
        throw err;
      }
    },
  );
  app.delete(
    '/scheduledMessages/:id/media',
    {
      ...opts,
      schema: {
        tags,
        summary: "Remove a scheduled message's file",
        params: dbIdParamSchema,
        response: answers({ 200: scheduledMessageSchema }, SIGNED_IN, INPUT, NOT_FOUND, NOT_PENDING),
      },
    },
    (req) => scheduledMessages.attach(req.actor, req.params.id, null),
  );
  app.delete(
    R.cancel.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.cancel),
        tags,
        summary: 'Cancel a scheduled message',
        response: answers(ok(R.cancel), SIGNED_IN, INPUT, NOT_FOUND, NOT_PENDING),
      },
    },
    (req) => scheduledMessages.cancel(req.actor, req.params.id),
  );
}
