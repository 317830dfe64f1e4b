import {
  connectionCreateSchema,
  connectionListSchema,
  connectionSchema,
  connectionUpdateSchema,
  idParamSchema,
  messageResultSchema,
} from '@switchboard/shared';
import { answers, BODY, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';

const NO_CONNECTION = { 404: ['ERR_NO_WAPP_FOUND'] } as const;
/** Another connection has this name. */
const NAME_TAKEN = { 409: ['ERR_VALIDATION'] } as const;
const SAVE_RULES = { 400: ['ERR_WAPP_GREETING_REQUIRED'] } as const;
const SESSION = { 409: ['ERR_WAPP_NOT_INITIALIZED'] } as const;
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

export function registerConnectionRoutes(app: App, { connections }: Services): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['connections'];

  app.get('/whatsapp', { ...opts, schema: { tags, description: 'Administrators get whole connections; everyone else a summary of each.', response: answers({ 200: connectionListSchema }, SIGNED_IN) } }, (req) => connections.list(req.actor));
  app.get('/whatsapp/:id', { ...opts, schema: { params: idParamSchema, tags, response: answers({ 200: connectionSchema }, SIGNED_IN, INPUT, REFUSED, NO_CONNECTION) } }, (req) =>
    connections.show(req.actor, req.params.id),
  );
  app.post('/whatsapp', { ...opts, schema: { body: connectionCreateSchema, tags, response: answers({ 201: connectionSchema }, SIGNED_IN, BODY, REFUSED, SAVE_RULES, NAME_TAKEN, { 403: ['ERR_CONNECTION_CREATION_COUNT'] }) } }, async (req, reply) =>
    reply.status(201).send(await connections.create(req.actor, req.body)),
  );
  app.put('/whatsapp/:id', { ...opts, schema: {
        params: idParamSchema,
        body: connectionUpdateSchema,
        tags,
        response: answers({ 200: connectionSchema }, SIGNED_IN, BODY, REFUSED, NO_CONNECTION, SAVE_RULES, NAME_TAKEN, { 400: ['ERR_NO_OTHER_WHATSAPP'] }),
      },
    }, (req) =>
    connections.update(req.actor, req.params.id, req.body),
  );
  app.delete('/whatsapp/:id', { ...opts, schema: { params: idParamSchema, tags, response: answers({ 200: messageResultSchema }, SIGNED_IN, INPUT, REFUSED, NO_CONNECTION, { 400: ['ERR_NO_OTHER_WHATSAPP'] }) } }, async (req) => {
    await connections.remove(req.actor, req.params.id);
    return { message: 'Connection deleted' };
  });

  app.post('/whatsappsession/:id', { ...opts, schema: { params: idParamSchema, tags, response: answers({ 200: messageResultSchema }, SIGNED_IN, INPUT, REFUSED, NO_CONNECTION, SESSION) } }, async (req) => {
    await connections.restartSession(req.actor, req.params.id);
    return { message: 'Starting session' };
  });
  app.put('/whatsappsession/:id', { ...opts, schema: { params: idParamSchema, tags, response: answers({ 200: messageResultSchema }, SIGNED_IN, INPUT, REFUSED, NO_CONNECTION, SESSION) } }, async (req) => {
    await connections.newQr(req.actor, req.params.id);
    return { message: 'Starting session' };
  });
  app.delete('/whatsappsession/:id', { ...opts, schema: { params: idParamSchema, tags, response: answers({ 200: messageResultSchema }, SIGNED_IN, INPUT, REFUSED, NO_CONNECTION, SESSION) } }, async (req) => {
    await connections.disconnect(req.actor, req.params.id);
    return { message: 'Session disconnected' };
  });
}
