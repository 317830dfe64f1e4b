import { USER_ROUTES as R } from '@switchboard/shared';
import { answers, BODY, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

const NO_USER = { 404: ['ERR_NO_USER_FOUND'] } as const;

export function registerUserRoutes(app: App, { users }: Services): void {
  const opts = { onRequest: app.authenticate };
  const doc = { tags: ['users'] };

  app.get(
    R.list.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.list), response: answers(ok(R.list), SIGNED_IN, INPUT, REFUSED) } },
    (req) => users.list(req.actor, req.query),
  );
  app.get(
    R.show.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.show), response: answers(ok(R.show), SIGNED_IN, INPUT, REFUSED, NO_USER) } },
    (req) => users.show(req.actor, req.params.id),
  );
  app.post(
    R.create.path,
    {
      ...opts,
      schema: {
        ...doc,
        ...requestSchemas(R.create),
        response: answers(ok(R.create), SIGNED_IN, BODY, REFUSED, {
          403: ['ERR_USER_CREATION_COUNT'],
          404: ['ERR_NO_WAPP_FOUND'],
          409: ['ERR_DUPLICATED_EMAIL'],
        }),
      },
    },
    async (req, reply) => reply.status(201).send(await users.create(req.actor, req.body)),
  );
  app.put(
    R.update.path,
    {
      ...opts,
      schema: {
        ...doc,
        ...requestSchemas(R.update),
        response: answers(ok(R.update), SIGNED_IN, BODY, REFUSED, NO_USER, {
          404: ['ERR_NO_WAPP_FOUND'],
          409: ['ERR_DUPLICATED_EMAIL', 'ERR_LAST_ADMIN'],
        }),
      },
    },
    (req) => users.update(req.actor, req.params.id, req.body),
  );
  app.delete(
    R.remove.path,
    {
      ...opts,
      schema: {
        ...doc,
        ...requestSchemas(R.remove),
        response: answers(ok(R.remove), SIGNED_IN, INPUT, REFUSED, NO_USER, { 409: ['ERR_LAST_ADMIN'] }),
      },
    },
    async (req) => {
      await users.remove(req.actor, req.params.id);
      return { message: 'User deleted' };
    },
  );
}
