import { idParamSchema, ticketCreateSchema, ticketsQuerySchema, ticketUpdateSchema } from '@switchboard/shared';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

export function registerTicketRoutes(app: App, { tickets }: Services): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['tickets'];

  app.get('/tickets', { ...opts, schema: { querystring: ticketsQuerySchema, tags } }, (req) => tickets.list(req.actor, req.query));
  app.get('/tickets/:id', { ...opts, schema: { params: idParamSchema, tags } }, (req) => tickets.show(req.actor, req.params.id));
  app.post('/tickets', { ...opts, schema: { body: ticketCreateSchema, tags } }, async (req, reply) =>
    reply.status(201).send(await tickets.create(req.actor, req.body)),
  );
  app.put('/tickets/:id', { ...opts, schema: { params: idParamSchema, body: ticketUpdateSchema, tags } }, (req) =>
    tickets.update(req.actor, req.params.id, req.body),
  );
  app.delete('/tickets/:id', { ...opts, schema: { params: idParamSchema, tags } }, async (req) => {
    await tickets.remove(req.actor, req.params.id);
    return { message: 'Ticket deleted' };
  });
}
