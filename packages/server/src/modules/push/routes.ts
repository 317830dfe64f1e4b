import { PUSH_ROUTES as R } from '@switchboard/shared';
import { answers, BODY, INPUT, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

const NOT_FOUND = { 404: ['ERR_NOT_FOUND'] } as const;
const REFUSED_ENDPOINT = { 400: ['ERR_PUSH_ENDPOINT_REFUSED', 'ERR_VALIDATION'] } as const;

export function registerPushRoutes(app: App, { push }: Services): void {
  const opts = { onRequest: app.authenticate };
  const doc = { tags: ['push'] };

  app.get(R.publicKey.path, { ...opts, schema: { ...doc, response: answers(ok(R.publicKey), SIGNED_IN) } }, (req) =>
    push.publicKey(req.actor),
  );
  app.get(R.list.path, { ...opts, schema: { ...doc, response: answers(ok(R.list), SIGNED_IN) } }, (req) => push.list(req.actor));
  app.post(
    R.subscribe.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.subscribe), response: answers(ok(R.subscribe), SIGNED_IN, BODY, REFUSED_ENDPOINT) } },
    async (req, reply) => reply.status(201).send(await push.subscribe(req.actor, req.body)),
  );
  app.put(
    R.update.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.update), response: answers(ok(R.update), SIGNED_IN, BODY, NOT_FOUND) } },
    (req) => push.update(req.actor, req.params.id, req.body),
  );
  app.delete(
    R.remove.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.remove), response: answers(ok(R.remove), SIGNED_IN, INPUT, NOT_FOUND) } },
    async (req) => {
      await push.remove(req.actor, req.params.id);
      return { message: 'Device unsubscribed' };
    },
  );
}
