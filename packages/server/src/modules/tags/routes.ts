import {
  countResultSchema,
  dbIdParamSchema,
  messageResultSchema,
  pagedSearchQuerySchema,
  tagSaveSchema,
  tagSchema,
  tagsPageSchema,
  tagSyncResultSchema,
  tagSyncSchema,
} from '@switchboard/shared';
import { z } from 'zod';
import { answers, BODY, fileBody, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';

const NO_TAG = { 404: ['ERR_NO_TAG_FOUND'] } as const;
/** Another tag has this name. */
const NAME_TAKEN = { 409: ['ERR_VALIDATION'] } as const;
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

export function registerTagRoutes(app: App, { tags }: Services): void {
  const opts = { onRequest: app.authenticate };
  const doc = { tags: ['tags'] };

  app.get('/tags/list', { ...opts, schema: { ...doc, response: answers({ 200: z.array(tagSchema) }, SIGNED_IN) } }, (req) => tags.listAll(req.actor));
  app.get('/tags/export', { ...opts, schema: { ...doc, produces: ['text/csv'], response: answers({ 200: fileBody('CSV: tagName;contactName;contactNumber') }, SIGNED_IN, REFUSED) } }, async (req, reply) => {
    const csv = await tags.exportCsv(req.actor);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="tags.csv"')
      .send(csv);
  });
  app.get('/tags', { ...opts, schema: { ...doc, querystring: pagedSearchQuerySchema, response: answers({ 200: tagsPageSchema }, SIGNED_IN, INPUT) } }, (req) => tags.list(req.actor, req.query));
  app.get('/tags/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema, response: answers({ 200: tagSchema }, SIGNED_IN, INPUT, NO_TAG) } }, (req) => tags.show(req.actor, req.params.id));
  app.post('/tags', { ...opts, schema: { ...doc, body: tagSaveSchema, response: answers({ 201: tagSchema }, SIGNED_IN, BODY, REFUSED, NAME_TAKEN) } }, async (req, reply) =>
    reply.status(201).send(await tags.create(req.actor, req.body)),
  );
  app.post('/tags/sync', { ...opts, schema: { ...doc, body: tagSyncSchema, response: answers({ 200: tagSyncResultSchema }, SIGNED_IN, BODY, REFUSED, { 404: ['ERR_NO_CONTACT_FOUND', 'ERR_NO_TAG_FOUND'] }) } }, (req) => tags.sync(req.actor, req.body));
  app.put('/tags/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema, body: tagSaveSchema, response: answers({ 200: tagSchema }, SIGNED_IN, BODY, REFUSED, NO_TAG, NAME_TAKEN) } }, (req) =>
    tags.update(req.actor, req.params.id, req.body),
  );
  app.delete('/tags/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema, response: answers({ 200: messageResultSchema }, SIGNED_IN, INPUT, REFUSED, NO_TAG) } }, async (req) => {
    await tags.remove(req.actor, req.params.id);
    return { message: 'Tag deleted' };
  });
  app.delete('/tags', { ...opts, schema: { ...doc, response: answers({ 200: countResultSchema }, SIGNED_IN, BODY, REFUSED) } }, async (req) => ({ message: 'Tags deleted', count: await tags.removeAll(req.actor) }));
}
