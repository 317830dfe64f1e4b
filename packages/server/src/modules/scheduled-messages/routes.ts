import { SCHEDULED_MESSAGE_ROUTES as R, scheduledMessageSchema, TICKET_ROUTES } from '@switchboard/shared';
import { answers, BODY, INPUT, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';
import { registerAttachmentRoutes } from '../../http/attachment-routes.js';

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
  registerAttachmentRoutes(app, {
    path: R.update.path,
    tags,
    summaries: {
      attach: 'Attach a file sent with the text (multipart, one file in `media`; the limits of a chat upload)',
      remove: "Remove a scheduled message's file",
    },
    answer: scheduledMessageSchema,
    refusals: [NOT_FOUND, NOT_PENDING],
    owner: scheduledMessages,
    media,
    maxRequestBytes,
  });
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
