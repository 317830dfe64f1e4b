/** POST/GET /api/imports/whaticket: start an import from the admin page, follow it, cancel it, verify it again (admins only). */
import { IMPORT_ROUTES as R } from '@switchboard/shared';
import { answers, BODY, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import type { WhaticketImportService } from './service.js';

export function registerWhaticketImportRoutes(app: App, imports: WhaticketImportService): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['import'];
  app.post(
    R.start.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.start),
        tags,
        summary: 'Start importing a Whaticket-family database',
        response: answers(ok(R.start), SIGNED_IN, BODY, REFUSED, { 409: ['ERR_IMPORT_RUNNING'] }),
      },
    },
    (req, reply) => {
      reply.status(202);
      return imports.start(req.actor, req.body);
    },
  );
  app.post(
    R.cancel.path,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Cancel the running import (what was committed stays)',
        response: answers(ok(R.cancel), SIGNED_IN, BODY, REFUSED, { 404: ['ERR_NOT_FOUND'] }),
      },
    },
    (req, reply) => {
      reply.status(202);
      return imports.cancel(req.actor);
    },
  );
  app.post(
    R.verify.path,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Compare the last import with its source again (counts per table, each difference)',
        response: answers(ok(R.verify), SIGNED_IN, BODY, REFUSED, { 404: ['ERR_NOT_FOUND'], 409: ['ERR_IMPORT_RUNNING'] }),
      },
    },
    (req, reply) => {
      reply.status(202);
      return imports.verify(req.actor);
    },
  );
  app.get(
    R.current.path,
    {
      ...opts,
      schema: {
        tags,
        summary: 'The running or last import',
        response: answers(ok(R.current), SIGNED_IN, REFUSED, { 404: ['ERR_NOT_FOUND'] }),
      },
    },
    (req) => imports.last(req.actor),
  );
}
