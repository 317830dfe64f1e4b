import { SECTOR_ROUTES as R } from '@switchboard/shared';
import { answers, BODY, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

const NOT_FOUND = { 404: ['ERR_NOT_FOUND'] } as const;
/** The colour is another sector's, or the name is. */
const TAKEN = { 409: ['ERR_QUEUE_COLOR_ALREADY_EXISTS', 'ERR_VALIDATION'] } as const;

/** Sectors, under the API's old path `/queue` (docs/glossary.md). */
export function registerQueueRoutes(app: App, { queues }: Services): void {
  const opts = { onRequest: app.authenticate };
  const doc = { tags: ['queues'] };

  app.get(R.list.path, { ...opts, schema: { ...doc, response: answers(ok(R.list), SIGNED_IN) } }, (req) => queues.list(req.actor));
  app.get(
    R.show.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.show), response: answers(ok(R.show), SIGNED_IN, INPUT, NOT_FOUND) } },
    (req) => queues.show(req.actor, req.params.id),
  );
  app.post(
    R.create.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.create), response: answers(ok(R.create), SIGNED_IN, BODY, REFUSED, TAKEN) } },
    async (req, reply) => reply.status(201).send(await queues.create(req.actor, req.body)),
  );
  app.put(
    R.update.path,
    {
      ...opts,
      schema: { ...doc, ...requestSchemas(R.update), response: answers(ok(R.update), SIGNED_IN, BODY, REFUSED, NOT_FOUND, TAKEN) },
    },
    (req) => queues.update(req.actor, req.params.id, req.body),
  );
  app.delete(
    R.remove.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.remove), response: answers(ok(R.remove), SIGNED_IN, INPUT, REFUSED, NOT_FOUND) } },
    async (req) => {
      await queues.remove(req.actor, req.params.id);
      return { message: 'Sector deleted' };
    },
  );
}
