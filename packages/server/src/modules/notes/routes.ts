import { NOTE_ROUTES as R } from '@switchboard/shared';
import { answers, BODY, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

/** Private notes on a ticket, and the signed-in user's unread mentions. */
export function registerNoteRoutes(app: App, { notes }: Services): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['messages'];

  app.post(
    R.add.path,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Add a private note (staff only, never sent to the customer); @names mention colleagues',
        ...requestSchemas(R.add),
        response: answers(ok(R.add), SIGNED_IN, BODY, REFUSED, { 404: ['ERR_NOT_FOUND', 'ERR_NO_TICKET_FOUND'] }),
      },
    },
    async (req, reply) => {
      const header = req.headers['idempotency-key'];
      const idempotencyKey = req.body.idempotencyKey ?? (typeof header === 'string' ? header : undefined);
      return reply.status(201).send(await notes.add(req.actor, req.params.ticketId, req.body.body, idempotencyKey));
    },
  );

  app.get(R.unreadMentions.path, { ...opts, schema: { tags, response: answers(ok(R.unreadMentions), SIGNED_IN) } }, (req) =>
    notes.unread(req.actor),
  );
}
