/** POST/GET /api/imports/whaticket: start an import from the admin page and follow it (admins only). */
import { importJobSchema, whaticketImportStartSchema } from '@switchboard/shared';
import type { App } from '../../http/types.js';
import type { WhaticketImportService } from './service.js';

export function registerWhaticketImportRoutes(app: App, imports: WhaticketImportService): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['import'];
  app.post(
    '/imports/whaticket',
    { ...opts, schema: { tags, summary: 'Start importing a Whaticket-family database', body: whaticketImportStartSchema, response: { 202: importJobSchema } } },
    (req, reply) => {
      reply.status(202);
      return imports.start(req.actor, req.body);
    },
  );
  app.get(
    '/imports/whaticket',
    { ...opts, schema: { tags, summary: 'The running or last import', response: { 200: importJobSchema } } },
    (req) => imports.current(req.actor),
  );
}
