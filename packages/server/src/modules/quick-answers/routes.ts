import {
  countResultSchema,
  dbIdParamSchema,
  messageResultSchema,
  pagedSearchQuerySchema,
  quickAnswerSaveSchema,
  quickAnswerSchema,
  quickAnswersPageSchema,
} from '@switchboard/shared';
import { answers, BODY, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';

const NOT_FOUND = { 404: ['ERR_NOT_FOUND'] } as const;
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

export function registerQuickAnswerRoutes(app: App, { quickAnswers }: Services): void {
  const opts = { onRequest: app.authenticate };
  const doc = { tags: ['quickAnswers'] };

  app.get('/quickAnswers', { ...opts, schema: { ...doc, querystring: pagedSearchQuerySchema, response: answers({ 200: quickAnswersPageSchema }, SIGNED_IN, INPUT) } }, (req) =>
    quickAnswers.list(req.actor, req.query),
  );
  app.get('/quickAnswers/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema, response: answers({ 200: quickAnswerSchema }, SIGNED_IN, INPUT, NOT_FOUND) } }, (req) =>
    quickAnswers.show(req.actor, req.params.id),
  );
  app.post('/quickAnswers', { ...opts, schema: { ...doc, body: quickAnswerSaveSchema, response: answers({ 201: quickAnswerSchema }, SIGNED_IN, BODY, REFUSED) } }, async (req, reply) =>
    reply.status(201).send(await quickAnswers.create(req.actor, req.body)),
  );
  app.put('/quickAnswers/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema, body: quickAnswerSaveSchema, response: answers({ 200: quickAnswerSchema }, SIGNED_IN, BODY, REFUSED, NOT_FOUND) } }, (req) =>
    quickAnswers.update(req.actor, req.params.id, req.body),
  );
  app.delete('/quickAnswers/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema, response: answers({ 200: messageResultSchema }, SIGNED_IN, INPUT, REFUSED, NOT_FOUND) } }, async (req) => {
    await quickAnswers.remove(req.actor, req.params.id);
    return { message: 'Quick answer deleted' };
  });
  app.delete('/quickAnswers', { ...opts, schema: { ...doc, response: answers({ 200: countResultSchema }, SIGNED_IN, BODY, REFUSED) } }, async (req) => ({
    message: 'Quick answers deleted',
    count: await quickAnswers.removeAll(req.actor),
  }));
}
