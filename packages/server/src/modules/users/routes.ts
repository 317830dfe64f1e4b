import {
  idParamSchema,
  messageResultSchema,
  pagedSearchQuerySchema,
  userCreateSchema,
  userSchema,
  usersPageSchema,
  userUpdateSchema,
} from '@switchboard/shared';
import { answers, BODY, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

const NO_USER = { 404: ['ERR_NO_USER_FOUND'] } as const;

export function registerUserRoutes(app: App, { users }: Services): void {
  const opts = { onRequest: app.authenticate };

  app.get('/users', { ...opts, schema: { querystring: pagedSearchQuerySchema, tags: ['users'], response: answers({ 200: usersPageSchema }, SIGNED_IN, INPUT, REFUSED) } }, (req) =>
    users.list(req.actor, req.query),
  );
  app.get('/users/:id', { ...opts, schema: { params: idParamSchema, tags: ['users'], response: answers({ 200: userSchema }, SIGNED_IN, INPUT, REFUSED, NO_USER) } }, (req) =>
    users.show(req.actor, req.params.id),
  );
  app.post('/users', {
      ...opts,
      schema: {
        body: userCreateSchema,
        tags: ['users'],
        response: answers({ 201: userSchema }, SIGNED_IN, BODY, REFUSED, { 403: ['ERR_USER_CREATION_COUNT'], 404: ['ERR_NO_WAPP_FOUND'], 409: ['ERR_DUPLICATED_EMAIL'] }),
      },
    }, async (req, reply) =>
    reply.status(201).send(await users.create(req.actor, req.body)),
  );
  app.put('/users/:id', {
      ...opts,
      schema: {
        params: idParamSchema,
        body: userUpdateSchema,
        tags: ['users'],
        response: answers({ 200: userSchema }, SIGNED_IN, BODY, REFUSED, NO_USER, { 404: ['ERR_NO_WAPP_FOUND'], 409: ['ERR_DUPLICATED_EMAIL', 'ERR_LAST_ADMIN'] }),
      },
    }, (req) =>
    users.update(req.actor, req.params.id, req.body),
  );
  app.delete('/users/:id', { ...opts, schema: { params: idParamSchema, tags: ['users'], response: answers({ 200: messageResultSchema }, SIGNED_IN, INPUT, REFUSED, NO_USER, { 409: ['ERR_LAST_ADMIN'] }) } }, async (req, reply) => {
    await users.remove(req.actor, req.params.id);
    return reply.status(200).send({ message: 'User deleted' });
  });
}
