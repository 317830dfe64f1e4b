/**
 * WhatsApp Cloud API routes. The webhook is Meta's (no user: the verify token and the body's
 * signature are its credentials) and reads the raw body, which the signature covers. The window,
 * templates and template send are for users who may see the ticket.
 */
import { CLOUD_ERROR_CODES, numeric, text, TICKET_ROUTES } from '@switchboard/shared';
import { z } from 'zod';
import { answers, BODY, fileBody, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

const connectionParams = z.object({ connectionId: numeric(z.number().int().positive()) });
const verifyQuery = z
  .object({
    'hub.mode': text().max(100).optional(),
    'hub.verify_token': text().max(1000).optional(),
    'hub.challenge': text().max(1000).optional(),
  })
  .loose();

/** Meta's deliveries are small JSON documents; media come by id, not inline. */
const WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024;

const NO_CONNECTION = { 404: ['ERR_NO_WAPP_FOUND'] } as const;
const NO_TICKET = { 404: ['ERR_NO_TICKET_FOUND'] } as const;
/** The Graph API refused or could not be reached (its error, said precisely). */
const GRAPH = { 502: CLOUD_ERROR_CODES } as const;

export function registerCloudRoutes(app: App, { cloud }: Services): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['whatsapp-cloud'];

  void app.register((webhook: App) => {
    // Only in this scope: JSON stays bytes, so the signature is checked over exactly what Meta signed.
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );

    webhook.get(
      '/channels/whatsapp-cloud/:connectionId/webhook',
      {
        schema: {
          params: connectionParams,
          querystring: verifyQuery,
          tags,
          response: answers({ 200: fileBody('The hub.challenge, as text') }, INPUT, REFUSED, NO_CONNECTION),
        },
      },
      async (req, reply) => {
        const challenge = await cloud.verify(req.params.connectionId, {
          mode: req.query['hub.mode'],
          token: req.query['hub.verify_token'],
          challenge: req.query['hub.challenge'],
        });
        return reply.type('text/plain').send(challenge);
      },
    );

    webhook.post(
      '/channels/whatsapp-cloud/:connectionId/webhook',
      {
        schema: {
          params: connectionParams,
          tags,
          response: answers({ 200: z.object({ received: z.boolean() }) }, BODY, NO_CONNECTION, { 401: ['ERR_NO_PERMISSION'] }),
        },
      },
      async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.headers['x-hub-signature-256'];
        await cloud.receive(req.params.connectionId, raw, typeof signature === 'string' ? signature : undefined);
        return reply.status(200).send({ received: true });
      },
    );
    return Promise.resolve();
  });

  app.get(
    TICKET_ROUTES.serviceWindow.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(TICKET_ROUTES.serviceWindow),
        tags,
        response: answers(ok(TICKET_ROUTES.serviceWindow), SIGNED_IN, INPUT, NO_TICKET),
      },
    },
    (req) => cloud.window(req.actor, req.params.ticketId),
  );
  app.get(
    TICKET_ROUTES.templates.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(TICKET_ROUTES.templates),
        tags,
        response: answers(
          ok(TICKET_ROUTES.templates),
          SIGNED_IN,
          INPUT,
          NO_TICKET,
          NO_CONNECTION,
          { 400: ['ERR_CLOUD_NOT_CONFIGURED'] },
          GRAPH,
        ),
      },
    },
    (req) => cloud.templates(req.actor, req.params.ticketId),
  );
  app.post(
    TICKET_ROUTES.sendTemplate.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(TICKET_ROUTES.sendTemplate),
        tags,
        response: answers(
          ok(TICKET_ROUTES.sendTemplate),
          SIGNED_IN,
          BODY,
          REFUSED,
          NO_TICKET,
          NO_CONNECTION,
          { 400: ['ERR_CREATING_MESSAGE', 'ERR_CLOUD_TEMPLATE', 'ERR_CLOUD_NOT_CONFIGURED'] },
          GRAPH,
        ),
      },
    },
    async (req, reply) => reply.status(201).send(await cloud.sendTemplate(req.actor, req.params.ticketId, req.body)),
  );
}
