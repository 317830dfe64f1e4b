import { dbIdParamSchema, pagedSearchQuerySchema, quickAnswerSaveSchema } from '@switchboard/shared';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

export function registerQuickAnswerRoutes(app: App, { quickAnswers }: Services): void {
  const opts = { onRequest: app.authenticate };
  const doc = { tags: ['quickAnswers'] };

  app.get('/quickAnswers', { ...opts, schema: { ...doc, querystring: pagedSearchQuerySchema } }, (req) =>
    quickAnswers.list(req.actor, req.query),
  );
  app.get('/quickAnswers/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema } }, (req) =>
    quickAnswers.show(req.actor, req.params.id),
  );
  app.post('/quickAnswers', { ...opts, schema: { ...doc, body: quickAnswerSaveSchema } }, async (req, reply) =>
    reply.status(201).send(await quickAnswers.create(req.actor, req.body)),
  );
  app.put('/quickAnswers/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema, body: quickAnswerSaveSchema } }, (req) =>
    quickAnswers.update(req.actor, req.params.id, req.body),
  );
  app.delete('/quickAnswers/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema } }, async (req) => {
    await quickAnswers.remove(req.actor, req.params.id);
    return { message: 'Quick answer deleted' };
  });
  app.delete('/quickAnswers', { ...opts, schema: doc }, async (req) => ({
    message: 'Quick answers deleted',
    count: await quickAnswers.removeAll(req.actor),
  }));
}
