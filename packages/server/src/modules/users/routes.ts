import { idParamSchema, pagedSearchQuerySchema, userCreateSchema, userUpdateSchema } from '@switchboard/shared';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

export function registerUserRoutes(app: App, { users }: Services): void {
  const opts = { onRequest: app.authenticate };

  app.get('/users', { ...opts, schema: { querystring: pagedSearchQuerySchema, tags: ['users'] } }, (req) =>
    users.list(req.actor, req.query),
  );
  app.get('/users/:id', { ...opts, schema: { params: idParamSchema, tags: ['users'] } }, (req) =>
    users.show(req.actor, req.params.id),
  );
  app.post('/users', { ...opts, schema: { body: userCreateSchema, tags: ['users'] } }, async (req, reply) =>
    reply.status(201).send(await users.create(req.actor, req.body)),
  );
  app.put('/users/:id', { ...opts, schema: { params: idParamSchema, body: userUpdateSchema, tags: ['users'] } }, (req) =>
    users.update(req.actor, req.params.id, req.body),
  );
  app.delete('/users/:id', { ...opts, schema: { params: idParamSchema, tags: ['users'] } }, async (req, reply) => {
    await users.remove(req.actor, req.params.id);
    return reply.status(200).send({ message: 'User deleted' });
  });
}
