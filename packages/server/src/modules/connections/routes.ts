import { connectionCreateSchema, connectionUpdateSchema, idParamSchema } from '@switchboard/shared';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

export function registerConnectionRoutes(app: App, { connections }: Services): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['connections'];

  app.get('/whatsapp', { ...opts, schema: { tags } }, (req) => connections.list(req.actor));
  app.get('/whatsapp/:id', { ...opts, schema: { params: idParamSchema, tags } }, (req) =>
    connections.show(req.actor, req.params.id),
  );
  app.post('/whatsapp', { ...opts, schema: { body: connectionCreateSchema, tags } }, async (req, reply) =>
    reply.status(201).send(await connections.create(req.actor, req.body)),
  );
  app.put('/whatsapp/:id', { ...opts, schema: { params: idParamSchema, body: connectionUpdateSchema, tags } }, (req) =>
    connections.update(req.actor, req.params.id, req.body),
  );
  app.delete('/whatsapp/:id', { ...opts, schema: { params: idParamSchema, tags } }, async (req) => {
    await connections.remove(req.actor, req.params.id);
    return { message: 'Connection deleted' };
  });

  app.post('/whatsappsession/:id', { ...opts, schema: { params: idParamSchema, tags } }, async (req) => {
    await connections.restartSession(req.actor, req.params.id);
    return { message: 'Starting session' };
  });
  app.put('/whatsappsession/:id', { ...opts, schema: { params: idParamSchema, tags } }, async (req) => {
    await connections.newQr(req.actor, req.params.id);
    return { message: 'Starting session' };
  });
  app.delete('/whatsappsession/:id', { ...opts, schema: { params: idParamSchema, tags } }, async (req) => {
    await connections.disconnect(req.actor, req.params.id);
    return { message: 'Session disconnected' };
  });
}
