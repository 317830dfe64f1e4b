import {
  contactCreateSchema,
  contactCsvImportSchema,
  contactQuickCreateSchema,
  contactUpdateSchema,
  dbIdParamSchema,
  pagedSearchQuerySchema,
} from '@switchboard/shared';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

export function registerContactRoutes(app: App, { contacts }: Services): void {
  const opts = { onRequest: app.authenticate };
  const doc = { tags: ['contacts'] };

  app.get('/contacts', { ...opts, schema: { ...doc, querystring: pagedSearchQuerySchema } }, (req) =>
    contacts.list(req.actor, req.query),
  );
  app.get('/contacts/export', { ...opts, schema: doc }, async (req, reply) => {
    const csv = await contacts.exportCsv(req.actor);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="contacts.csv"')
      .send(csv);
  });
  app.post('/contacts/import/csv', { ...opts, schema: { ...doc, body: contactCsvImportSchema } }, (req) =>
    contacts.importCsv(req.actor, req.body),
  );
  app.get('/contacts/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema } }, (req) =>
    contacts.show(req.actor, req.params.id),
  );
  app.post('/contacts', { ...opts, schema: { ...doc, body: contactCreateSchema } }, async (req, reply) =>
    reply.status(201).send(await contacts.create(req.actor, req.body)),
  );
  app.post('/contact', { ...opts, schema: { ...doc, body: contactQuickCreateSchema } }, async (req, reply) =>
    reply.status(201).send(await contacts.quickCreate(req.actor, req.body)),
  );
  app.put('/contacts/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema, body: contactUpdateSchema } }, (req) =>
    contacts.update(req.actor, req.params.id, req.body),
  );
  app.delete('/contacts/:id', { ...opts, schema: { ...doc, params: dbIdParamSchema } }, async (req) => {
    await contacts.remove(req.actor, req.params.id);
    return { message: 'Contact deleted' };
  });
  app.delete('/contacts', { ...opts, schema: doc }, async (req) => ({
    message: 'Contacts deleted',
    count: await contacts.removeAll(req.actor),
  }));
}
