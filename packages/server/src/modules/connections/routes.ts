import { CONNECTION_ROUTES as R } from '@switchboard/shared';
import { answers, BODY, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

const NO_CONNECTION = { 404: ['ERR_NO_WAPP_FOUND'] } as const;
/** Another connection has this name. */
const NAME_TAKEN = { 409: ['ERR_VALIDATION'] } as const;
const SAVE_RULES = { 400: ['ERR_WAPP_GREETING_REQUIRED'] } as const;
const SESSION = { 409: ['ERR_WAPP_NOT_INITIALIZED'] } as const;

export function registerConnectionRoutes(app: App, { connections }: Services): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['connections'];

  app.get(
    R.list.path,
    {
      ...opts,
      schema: {
        tags,
        description: 'Administrators get whole connections; everyone else a summary of each.',
        response: answers(ok(R.list), SIGNED_IN),
      },
    },
    (req) => connections.list(req.actor),
  );
  app.get(
    R.show.path,
    { ...opts, schema: { ...requestSchemas(R.show), tags, response: answers(ok(R.show), SIGNED_IN, INPUT, REFUSED, NO_CONNECTION) } },
    (req) => connections.show(req.actor, req.params.id),
  );
  app.post(
    R.create.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.create),
        tags,
        response: answers(ok(R.create), SIGNED_IN, BODY, REFUSED, SAVE_RULES, NAME_TAKEN, { 403: ['ERR_CONNECTION_CREATION_COUNT'] }),
      },
    },
    async (req, reply) => reply.status(201).send(await connections.create(req.actor, req.body)),
  );
  app.put(
    R.update.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.update),
        tags,
        response: answers(ok(R.update), SIGNED_IN, BODY, REFUSED, NO_CONNECTION, SAVE_RULES, NAME_TAKEN, {
          400: ['ERR_NO_OTHER_WHATSAPP'],
        }),
      },
    },
    (req) => connections.update(req.actor, req.params.id, req.body),
  );
  app.delete(
    R.remove.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.remove),
        tags,
        response: answers(ok(R.remove), SIGNED_IN, INPUT, REFUSED, NO_CONNECTION, { 400: ['ERR_NO_OTHER_WHATSAPP'] }),
      },
    },
    async (req) => {
      await connections.remove(req.actor, req.params.id);
      return { message: 'Connection deleted' };
    },
  );

  app.post(
    R.restartSession.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.restartSession),
        tags,
        response: answers(ok(R.restartSession), SIGNED_IN, INPUT, REFUSED, NO_CONNECTION, SESSION),
      },
    },
    async (req) => {
      await connections.restartSession(req.actor, req.params.id);
      return { message: 'Starting session' };
    },
  );
  app.put(
    R.newQr.path,
    {
      ...opts,
      schema: { ...requestSchemas(R.newQr), tags, response: answers(ok(R.newQr), SIGNED_IN, INPUT, REFUSED, NO_CONNECTION, SESSION) },
    },
    async (req) => {
      await connections.newQr(req.actor, req.params.id);
      return { message: 'Starting session' };
    },
  );
  app.delete(
    R.disconnect.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.disconnect),
        tags,
        response: answers(ok(R.disconnect), SIGNED_IN, INPUT, REFUSED, NO_CONNECTION, SESSION),
      },
    },
    async (req) => {
      await connections.disconnect(req.actor, req.params.id);
      return { message: 'Session disconnected' };
    },
  );
}
