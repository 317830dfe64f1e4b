import {
  contactPanelSchema,
  idParamSchema,
  messageResultSchema,
  ticketCreateSchema,
  ticketEventsSchema,
  ticketSchema,
  ticketsPageSchema,
  ticketsQuerySchema,
  ticketUpdateSchema,
} from '@switchboard/shared';
import { answers, BODY, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';

const NO_TICKET = { 404: ['ERR_NO_TICKET_FOUND'] } as const;
/** The contact already has an open or pending ticket; or the change conflicts with the ticket's state. */
const CONFLICT = { 409: ['ERR_OTHER_OPEN_TICKET', 'ERR_VALIDATION'] } as const;
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

export function registerTicketRoutes(app: App, { tickets }: Services): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['tickets'];

  app.get('/tickets', { ...opts, schema: { querystring: ticketsQuerySchema, tags, response: answers({ 200: ticketsPageSchema }, SIGNED_IN, INPUT) } }, (req) => tickets.list(req.actor, req.query));
  app.get('/tickets/:id', { ...opts, schema: { params: idParamSchema, tags, response: answers({ 200: ticketSchema }, SIGNED_IN, INPUT, REFUSED, NO_TICKET) } }, (req) => tickets.show(req.actor, req.params.id));
  app.get('/tickets/:id/events', { ...opts, schema: { params: idParamSchema, tags, response: answers({ 200: ticketEventsSchema }, SIGNED_IN, INPUT, REFUSED, NO_TICKET) } }, (req) =>
    tickets.story(req.actor, req.params.id),
  );
  app.get('/tickets/:id/contact-panel', { ...opts, schema: { params: idParamSchema, tags, response: answers({ 200: contactPanelSchema }, SIGNED_IN, INPUT, REFUSED, NO_TICKET) } }, (req) =>
    tickets.contactPanel(req.actor, req.params.id),
  );
  app.post('/tickets', { ...opts, schema: {
        body: ticketCreateSchema,
        tags,
        response: answers({ 201: ticketSchema }, SIGNED_IN, BODY, REFUSED, CONFLICT, { 404: ['ERR_NO_CONTACT_FOUND', 'ERR_NO_DEF_WAPP_FOUND'] }),
      },
    }, async (req, reply) =>
    reply.status(201).send(await tickets.create(req.actor, req.body)),
  );
  app.put('/tickets/:id', { ...opts, schema: { params: idParamSchema, body: ticketUpdateSchema, tags, response: answers({ 200: ticketSchema }, SIGNED_IN, BODY, REFUSED, NO_TICKET, CONFLICT, { 400: ['ERR_TICKET_CONFLICTING_UPDATE'] }) } }, (req) =>
    tickets.update(req.actor, req.params.id, req.body),
  );
  app.delete('/tickets/:id', { ...opts, schema: { params: idParamSchema, tags, response: answers({ 200: messageResultSchema }, SIGNED_IN, INPUT, REFUSED, NO_TICKET) } }, async (req) => {
    await tickets.remove(req.actor, req.params.id);
    return { message: 'Ticket deleted' };
  });
}
