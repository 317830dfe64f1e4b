import { dbIdParamSchema, pagedSearchQuerySchema, tagSaveSchema, tagSyncSchema } from '@switchboard/shared';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

export function registerTagRoutes(app: App, { tags }: Services): void {
  const opts = { onRequest: app.authenticate };
  const doc = { tags: ['tags'] };

  app.get('/tags/list', { ...opts, schema: doc }, (req) => tags.listAll(req.actor));
  app.get('/tags/export', { ...opts, schema: doc }, async (req, reply) => {
    const csv = await tags.exportCsv(req.actor);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="tags.csv"')
      .send(csv);
  });
  app.get('/tags', { ...opts, schema: { ...doc, querystring: pagedSearchQuerySchema } }, (req) => tags.list(req.actor, req.query));
  app.get('/tags/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema } }, (req) => tags.show(req.actor, req.params.id));
  app.post('/tags', { ...opts, schema: { ...doc, body: tagSaveSchema } }, async (req, reply) =>
    reply.status(201).send(await tags.create(req.actor, req.body)),
  );
  app.post('/tags/sync', { ...opts, schema: { ...doc, body: tagSyncSchema } }, (req) => tags.sync(req.actor, req.body));
  app.put('/tags/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema, body: tagSaveSchema } }, (req) =>
    tags.update(req.actor, req.params.id, req.body),
  );
  app.delete('/tags/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema } }, async (req) => {
    await tags.remove(req.actor, req.params.id);
    return { message: 'Tag deleted' };
  });
  app.delete('/tags', { ...opts, schema: doc }, async (req) => ({ message: 'Tags deleted', count: await tags.removeAll(req.actor) }));
}
