import { dbIdParamSchema, queueCreateSchema, queueUpdateSchema } from '@switchboard/shared';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

export function registerQueueRoutes(app: App, { queues }: Services): void {
  const opts = { onRequest: app.authenticate };
  const doc = { tags: ['queues'] };

  app.get('/queue', { ...opts, schema: doc }, (req) => queues.list(req.actor));
  app.get('/queue/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema } }, (req) => queues.show(req.actor, req.params.id));
  app.post('/queue', { ...opts, schema: { ...doc, body: queueCreateSchema } }, async (req, reply) =>
    reply.status(201).send(await queues.create(req.actor, req.body)),
  );
  app.put('/queue/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema, body: queueUpdateSchema } }, (req) =>
    queues.update(req.actor, req.params.id, req.body),
  );
  app.delete('/queue/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema } }, async (req) => {
    await queues.remove(req.actor, req.params.id);
    return { message: 'Sector deleted' };
  });
}
