/** POST/GET /api/imports/whaticket: start an import from the admin page, follow it, cancel it, verify it again (admins only). */
import { importJobSchema, whaticketImportStartSchema } from '@switchboard/shared';
import { answers, BODY, REFUSED, SIGNED_IN } from '../../http/responses.js';
import type { App } from '../../http/types.js';
import type { WhaticketImportService } from './service.js';

export function registerWhaticketImportRoutes(app: App, imports: WhaticketImportService): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['import'];
  app.post(
    '/imports/whaticket',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Start importing a Whaticket-family database',
        body: whaticketImportStartSchema,
        response: answers({ 202: importJobSchema }, SIGNED_IN, BODY, REFUSED, { 409: ['ERR_IMPORT_RUNNING'] }),
      },
    },
    (req, reply) => {
      reply.status(202);
      return imports.start(req.actor, req.body);
    },
  );
  app.post(
    '/imports/whaticket/cancel',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Cancel the running import (what was committed stays)',
        response: answers({ 202: importJobSchema }, SIGNED_IN, BODY, REFUSED, { 404: ['ERR_NOT_FOUND'] }),
      },
    },
    (req, reply) => {
      reply.status(202);
      return imports.cancel(req.actor);
    },
  );
  app.post(
    '/imports/whaticket/verify',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Compare the last import with its source again (counts per table, each difference)',
        response: answers({ 202: importJobSchema }, SIGNED_IN, BODY, REFUSED, { 404: ['ERR_NOT_FOUND'], 409: ['ERR_IMPORT_RUNNING'] }),
      },
    },
    (req, reply) => {
      reply.status(202);
      return imports.verify(req.actor);
    },
  );
  app.get(
    '/imports/whaticket',
    {
      ...opts,
      schema: {
        tags,
        summary: 'The running or last import',
        response: answers({ 200: importJobSchema }, SIGNED_IN, REFUSED, { 404: ['ERR_NOT_FOUND'] }),
      },
    },
    (req) => imports.current(req.actor),
  );
}
