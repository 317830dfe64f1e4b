import { QUICK_ANSWER_ROUTES as R } from '@switchboard/shared';
import { answers, BODY, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';

const NOT_FOUND = { 404: ['ERR_NOT_FOUND'] } as const;
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

export function registerQuickAnswerRoutes(app: App, { quickAnswers }: Services): void {
  const opts = { onRequest: app.authenticate };
  const doc = { tags: ['quickAnswers'] };

  app.get(R.list.path, { ...opts, schema: { ...doc, ...requestSchemas(R.list), response: answers(ok(R.list), SIGNED_IN, INPUT) } }, (req) =>
    quickAnswers.list(req.actor, req.query),
  );
  app.get(
    R.show.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.show), response: answers(ok(R.show), SIGNED_IN, INPUT, NOT_FOUND) } },
    (req) => quickAnswers.show(req.actor, req.params.id),
  );
  app.post(
    R.create.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.create), response: answers(ok(R.create), SIGNED_IN, BODY, REFUSED) } },
    async (req, reply) => reply.status(201).send(await quickAnswers.create(req.actor, req.body)),
  );
  app.put(
    R.update.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.update), response: answers(ok(R.update), SIGNED_IN, BODY, REFUSED, NOT_FOUND) } },
    (req) => quickAnswers.update(req.actor, req.params.id, req.body),
  );
  app.delete(
    R.remove.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.remove), response: answers(ok(R.remove), SIGNED_IN, INPUT, REFUSED, NOT_FOUND) } },
    async (req) => {
      await quickAnswers.remove(req.actor, req.params.id);
      return { message: 'Quick answer deleted' };
    },
  );
  app.delete(
    R.removeAll.path,
    { ...opts, schema: { ...doc, response: answers(ok(R.removeAll), SIGNED_IN, BODY, REFUSED) } },
    async (req) => ({
      message: 'Quick answers deleted',
      count: await quickAnswers.removeAll(req.actor),
    }),
  );
}
