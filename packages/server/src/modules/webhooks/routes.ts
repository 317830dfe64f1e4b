import { WEBHOOK_ROUTES as R } from '@switchboard/shared';
import { answers, BODY, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

/** A target on this machine or a private network, unless the installation allows it. */
const PRIVATE_TARGET = { 400: ['ERR_WEBHOOK_PRIVATE_TARGET'] } as const;

/** Outgoing webhooks (admins only; the service refuses everyone else with 403). */
export function registerWebhookRoutes(app: App, { webhooks }: Services): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['webhooks'];
  app.get(R.list.path, { ...opts, schema: { tags, response: answers(ok(R.list), SIGNED_IN, REFUSED) } }, (req) => webhooks.list(req.actor));
  app.post(
    R.create.path,
    { ...opts, schema: { tags, ...requestSchemas(R.create), response: answers(ok(R.create), SIGNED_IN, BODY, REFUSED, PRIVATE_TARGET) } },
    async (req, reply) => reply.status(201).send(await webhooks.create(req.actor, req.body)),
  );
  app.put(
    R.update.path,
    {
      ...opts,
      schema: {
        tags,
        ...requestSchemas(R.update),
        response: answers(ok(R.update), SIGNED_IN, BODY, REFUSED, PRIVATE_TARGET, { 404: ['ERR_NOT_FOUND'] }),
      },
    },
    (req) => webhooks.update(req.actor, req.params.id, req.body),
  );
  app.delete(
    R.remove.path,
    {
      ...opts,
      schema: { tags, ...requestSchemas(R.remove), response: answers(ok(R.remove), SIGNED_IN, INPUT, REFUSED, { 404: ['ERR_NOT_FOUND'] }) },
    },
    async (req) => {
      await webhooks.remove(req.actor, req.params.id);
      return { message: 'Webhook deleted' };
    },
  );
  app.get(
    R.deliveries.path,
    {
      ...opts,
      schema: {
        tags,
        ...requestSchemas(R.deliveries),
        response: answers(ok(R.deliveries), SIGNED_IN, INPUT, REFUSED, { 404: ['ERR_NOT_FOUND'] }),
      },
    },
    (req) => webhooks.deliveries(req.actor, req.params.id, req.query.pageNumber),
  );
  app.post(
    R.retry.path,
    {
      ...opts,
      schema: {
        tags,
        ...requestSchemas(R.retry),
        response: answers(ok(R.retry), SIGNED_IN, INPUT, REFUSED, { 404: ['ERR_NOT_FOUND'] }, { 409: ['ERR_DELIVERY_IN_PROGRESS'] }),
      },
    },
    (req) => webhooks.retry(req.actor, req.params.id, req.params.deliveryId),
  );
  app.post(
    R.test.path,
    {
      ...opts,
      schema: { tags, ...requestSchemas(R.test), response: answers(ok(R.test), SIGNED_IN, INPUT, REFUSED, { 404: ['ERR_NOT_FOUND'] }) },
    },
    async (req, reply) => reply.status(201).send(await webhooks.test(req.actor, req.params.id)),
  );
}
