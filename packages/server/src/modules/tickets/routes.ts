import { TICKET_ROUTES as R } from '@switchboard/shared';
import { answers, BODY, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

const NO_TICKET = { 404: ['ERR_NO_TICKET_FOUND'] } as const;
/** The contact already has an open or pending ticket; or the change conflicts with the ticket's state. */
const CONFLICT = { 409: ['ERR_OTHER_OPEN_TICKET', 'ERR_VALIDATION'] } as const;

export function registerTicketRoutes(app: App, { tickets }: Services): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['tickets'];

  app.get(R.list.path, { ...opts, schema: { ...requestSchemas(R.list), tags, response: answers(ok(R.list), SIGNED_IN, INPUT) } }, (req) =>
    tickets.list(req.actor, req.query),
  );
  app.get(
    R.show.path,
    { ...opts, schema: { ...requestSchemas(R.show), tags, response: answers(ok(R.show), SIGNED_IN, INPUT, REFUSED, NO_TICKET) } },
    (req) => tickets.show(req.actor, req.params.id),
  );
  app.get(
    R.events.path,
    { ...opts, schema: { ...requestSchemas(R.events), tags, response: answers(ok(R.events), SIGNED_IN, INPUT, REFUSED, NO_TICKET) } },
    (req) => tickets.story(req.actor, req.params.id),
  );
  app.get(
    R.contactPanel.path,
    {
      ...opts,
      schema: { ...requestSchemas(R.contactPanel), tags, response: answers(ok(R.contactPanel), SIGNED_IN, INPUT, REFUSED, NO_TICKET) },
    },
    (req) => tickets.contactPanel(req.actor, req.params.id),
  );
  app.post(
    R.create.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.create),
        tags,
        response: answers(ok(R.create), SIGNED_IN, BODY, REFUSED, CONFLICT, { 404: ['ERR_NO_CONTACT_FOUND', 'ERR_NO_DEF_WAPP_FOUND'] }),
      },
    },
    async (req, reply) => reply.status(201).send(await tickets.create(req.actor, req.body)),
  );
  app.put(
    R.update.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.update),
        tags,
        response: answers(ok(R.update), SIGNED_IN, BODY, REFUSED, NO_TICKET, CONFLICT, { 400: ['ERR_TICKET_CONFLICTING_UPDATE'] }),
      },
    },
    (req) => tickets.update(req.actor, req.params.id, req.body),
  );
  app.delete(
    R.remove.path,
    { ...opts, schema: { ...requestSchemas(R.remove), tags, response: answers(ok(R.remove), SIGNED_IN, INPUT, REFUSED, NO_TICKET) } },
    async (req) => {
      await tickets.remove(req.actor, req.params.id);
      return { message: 'Ticket deleted' };
    },
  );
}
