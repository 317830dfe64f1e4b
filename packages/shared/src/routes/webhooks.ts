/** The outgoing webhooks' routes (admins only). */
import { messageResultSchema } from '../responses/common.js';
import { idParamSchema } from '../schemas/common.js';
import {
  webhookCreateSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhooksResponseSchema,
  webhookUpdateSchema,
} from '../schemas/webhook.js';
import { route } from './route.js';

export const WEBHOOK_ROUTES = {
  list: route({ method: 'GET', path: '/webhooks', answer: webhooksResponseSchema }),
  create: route({ method: 'POST', path: '/webhooks', body: webhookCreateSchema, answer: webhookSchema, status: 201 }),
  update: route({ method: 'PUT', path: '/webhooks/:id', params: idParamSchema, body: webhookUpdateSchema, answer: webhookSchema }),
  remove: route({ method: 'DELETE', path: '/webhooks/:id', params: idParamSchema, answer: messageResultSchema }),
  deliveries: route({
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    params: idParamSchema,
    query: webhookDeliveriesQuerySchema,
    answer: webhookDeliveriesResponseSchema,
  }),
  retry: route({
    method: 'POST',
    path: '/webhooks/:id/deliveries/:deliveryId/retry',
    params: webhookDeliveryParamsSchema,
    answer: webhookDeliverySchema,
  }),
  /** Queues a test delivery (whatever the webhook's events). */
  test: route({ method: 'POST', path: '/webhooks/:id/test', params: idParamSchema, answer: webhookDeliverySchema, status: 201 }),
};
