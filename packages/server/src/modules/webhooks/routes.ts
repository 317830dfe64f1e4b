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
  messageResultSchema,
} from '@switchboard/shared';
import { answers, BODY, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

/** A target on this machine or a private network, unless the installation allows it. */
const PRIVATE_TARGET = { 400: ['ERR_WEBHOOK_PRIVATE_TARGET'] } as const;

/** Outgoing webhooks (admins only; the service refuses everyone else with 403). */
export function registerWebhookRoutes(app: App, { webhooks }: Services): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['webhooks'];
  app.get('/webhooks', { ...opts, schema: { tags, response: answers({ 200: webhooksResponseSchema }, SIGNED_IN, REFUSED) } }, (req) => webhooks.list(req.actor));
  app.post('/webhooks', { ...opts, schema: { tags, body: webhookCreateSchema, response: answers({ 201: webhookSchema }, SIGNED_IN, BODY, REFUSED, PRIVATE_TARGET) } }, async (req, reply) =>
    reply.status(201).send(await webhooks.create(req.actor, req.body)),
  );
  app.put('/webhooks/:id', { ...opts, schema: { tags, params: idParamSchema, body: webhookUpdateSchema, response: answers({ 200: webhookSchema }, SIGNED_IN, BODY, REFUSED, PRIVATE_TARGET, { 404: ['ERR_NOT_FOUND'] }) } }, (req) =>
    webhooks.update(req.actor, req.params.id, req.body),
  );
  app.delete('/webhooks/:id', { ...opts, schema: { tags, params: idParamSchema, response: answers({ 200: messageResultSchema }, SIGNED_IN, INPUT, REFUSED, { 404: ['ERR_NOT_FOUND'] }) } }, async (req) => {
    await webhooks.remove(req.actor, req.params.id);
    return { message: 'Webhook deleted' };
  });
  app.get(
    '/webhooks/:id/deliveries',
    { ...opts, schema: { tags, params: idParamSchema, querystring: webhookDeliveriesQuerySchema, response: answers({ 200: webhookDeliveriesResponseSchema }, SIGNED_IN, INPUT, REFUSED, { 404: ['ERR_NOT_FOUND'] }) } },
    (req) => webhooks.deliveries(req.actor, req.params.id, req.query.pageNumber),
  );
  app.post(
    '/webhooks/:id/deliveries/:deliveryId/retry',
    { ...opts, schema: { tags, params: webhookDeliveryParamsSchema, response: answers({ 200: webhookDeliverySchema }, SIGNED_IN, INPUT, REFUSED, { 404: ['ERR_NOT_FOUND'] }, { 409: ['ERR_DELIVERY_IN_PROGRESS'] }) } },
    (req) => webhooks.retry(req.actor, req.params.id, req.params.deliveryId),
  );
  app.post('/webhooks/:id/test', { ...opts, schema: { tags, params: idParamSchema, response: answers({ 201: webhookDeliverySchema }, SIGNED_IN, INPUT, REFUSED, { 404: ['ERR_NOT_FOUND'] }) } }, async (req, reply) =>
    reply.status(201).send(await webhooks.test(req.actor, req.params.id)),
  );
}
