import { dbIdParamSchema, messageResultSchema, queueCreateSchema, queueSchema, queueUpdateSchema } from '@switchboard/shared';
import { z } from 'zod';
import { answers, BODY, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';

const NOT_FOUND = { 404: ['ERR_NOT_FOUND'] } as const;
/** The colour is another sector's, or the name is. */
const TAKEN = { 409: ['ERR_QUEUE_COLOR_ALREADY_EXISTS', 'ERR_VALIDATION'] } as const;
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

export function registerQueueRoutes(app: App, { queues }: Services): void {
  const opts = { onRequest: app.authenticate };
  const doc = { tags: ['queues'] };

  app.get('/queue', { ...opts, schema: { ...doc, response: answers({ 200: z.array(queueSchema) }, SIGNED_IN) } }, (req) => queues.list(req.actor));
  app.get('/queue/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema, response: answers({ 200: queueSchema }, SIGNED_IN, INPUT, NOT_FOUND) } }, (req) => queues.show(req.actor, req.params.id));
  app.post('/queue', { ...opts, schema: { ...doc, body: queueCreateSchema, response: answers({ 201: queueSchema }, SIGNED_IN, BODY, REFUSED, TAKEN) } }, async (req, reply) =>
    reply.status(201).send(await queues.create(req.actor, req.body)),
  );
  app.put('/queue/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema, body: queueUpdateSchema, response: answers({ 200: queueSchema }, SIGNED_IN, BODY, REFUSED, NOT_FOUND, TAKEN) } }, (req) =>
    queues.update(req.actor, req.params.id, req.body),
  );
  app.delete('/queue/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema, response: answers({ 200: messageResultSchema }, SIGNED_IN, INPUT, REFUSED, NOT_FOUND) } }, async (req) => {
    await queues.remove(req.actor, req.params.id);
    return { message: 'Sector deleted' };
  });
}
