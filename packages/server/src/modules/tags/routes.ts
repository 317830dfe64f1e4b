import { TAG_ROUTES as R } from '@switchboard/shared';
import { answers, BODY, fileBody, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';

const NO_TAG = { 404: ['ERR_NO_TAG_FOUND'] } as const;
/** Another tag has this name. */
const NAME_TAKEN = { 409: ['ERR_VALIDATION'] } as const;
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

export function registerTagRoutes(app: App, { tags }: Services): void {
  const opts = { onRequest: app.authenticate };
  const doc = { tags: ['tags'] };

  app.get(R.all.path, { ...opts, schema: { ...doc, response: answers(ok(R.all), SIGNED_IN) } }, (req) => tags.listAll(req.actor));
  app.get(
    '/tags/export',
    {
      ...opts,
      schema: {
        ...doc,
        produces: ['text/csv'],
        response: answers({ 200: fileBody('CSV: tagName;contactName;contactNumber') }, SIGNED_IN, REFUSED),
      },
    },
    async (req, reply) => {
      const csv = await tags.exportCsv(req.actor);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="tags.csv"')
        .send(csv);
    },
  );
  app.get(R.list.path, { ...opts, schema: { ...doc, ...requestSchemas(R.list), response: answers(ok(R.list), SIGNED_IN, INPUT) } }, (req) =>
    tags.list(req.actor, req.query),
  );
  app.get(
    R.show.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.show), response: answers(ok(R.show), SIGNED_IN, INPUT, NO_TAG) } },
    (req) => tags.show(req.actor, req.params.id),
  );
  app.post(
    R.create.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.create), response: answers(ok(R.create), SIGNED_IN, BODY, REFUSED, NAME_TAKEN) } },
    async (req, reply) => reply.status(201).send(await tags.create(req.actor, req.body)),
  );
  app.post(
    R.sync.path,
    {
      ...opts,
      schema: {
        ...doc,
        ...requestSchemas(R.sync),
        response: answers(ok(R.sync), SIGNED_IN, BODY, REFUSED, { 404: ['ERR_NO_CONTACT_FOUND', 'ERR_NO_TAG_FOUND'] }),
      },
    },
    (req) => tags.sync(req.actor, req.body),
  );
  app.put(
    R.update.path,
    {
      ...opts,
      schema: { ...doc, ...requestSchemas(R.update), response: answers(ok(R.update), SIGNED_IN, BODY, REFUSED, NO_TAG, NAME_TAKEN) },
    },
    (req) => tags.update(req.actor, req.params.id, req.body),
  );
  app.delete(
    R.remove.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.remove), response: answers(ok(R.remove), SIGNED_IN, INPUT, REFUSED, NO_TAG) } },
    async (req) => {
      await tags.remove(req.actor, req.params.id);
      return { message: 'Tag deleted' };
    },
  );
  app.delete(
    R.removeAll.path,
    { ...opts, schema: { ...doc, response: answers(ok(R.removeAll), SIGNED_IN, BODY, REFUSED) } },
    async (req) => ({ message: 'Tags deleted', count: await tags.removeAll(req.actor) }),
  );
}
