import {
  idParamSchema,
  webhookCreateSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhooksResponseSchema,
  webhookUpdateSchema,
} from '@switchboard/shared';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

/** Outgoing webhooks (admins only; the service refuses everyone else with 403). */
export function registerWebhookRoutes(app: App, { webhooks }: Services): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['webhooks'];
  app.get('/webhooks', { ...opts, schema: { tags, response: { 200: webhooksResponseSchema } } }, (req) => webhooks.list(req.actor));
  app.post('/webhooks', { ...opts, schema: { tags, body: webhookCreateSchema, response: { 201: webhookSchema } } }, async (req, reply) =>
    reply.status(201).send(await webhooks.create(req.actor, req.body)),
  );
  app.put('/webhooks/:id', { ...opts, schema: { tags, params: idParamSchema, body: webhookUpdateSchema, response: { 200: webhookSchema } } }, (req) =>
    webhooks.update(req.actor, req.params.id, req.body),
  );
  app.delete('/webhooks/:id', { ...opts, schema: { tags, params: idParamSchema } }, async (req) => {
    await webhooks.remove(req.actor, req.params.id);
    return { message: 'Webhook deleted' };
  });
  app.get(
    '/webhooks/:id/deliveries',
    { ...opts, schema: { tags, params: idParamSchema, querystring: webhookDeliveriesQuerySchema, response: { 200: webhookDeliveriesResponseSchema } } },
    (req) => webhooks.deliveries(req.actor, req.params.id, req.query.pageNumber),
  );
  app.post(
    '/webhooks/:id/deliveries/:deliveryId/retry',
    { ...opts, schema: { tags, params: webhookDeliveryParamsSchema, response: { 200: webhookDeliverySchema } } },
    (req) => webhooks.retry(req.actor, req.params.id, req.params.deliveryId),
  );
  app.post('/webhooks/:id/test', { ...opts, schema: { tags, params: idParamSchema, response: { 201: webhookDeliverySchema } } }, async (req, reply) =>
    reply.status(201).send(await webhooks.test(req.actor, req.params.id)),
  );
}
