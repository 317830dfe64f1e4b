import {
  contactCreateSchema,
  contactCsvImportSchema,
  contactQuickCreateSchema,
  contactUpdateSchema,
  dbIdParamSchema,
  contactCsvImportResultSchema,
  contactSchema,
  contactsPageSchema,
  countResultSchema,
  messageResultSchema,
  contactsQuerySchema,
} from '@switchboard/shared';
import { answers, BODY, fileBody, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';

const NO_CONTACT = { 404: ['ERR_NO_CONTACT_FOUND', 'ERR_NOT_FOUND'] } as const;
/** Saving a contact checks its number on the default connection. */
const NUMBER_CHECK = {
  400: ['ERR_WAPP_INVALID_CONTACT', 'ERR_WAPP_CHECK_CONTACT'],
  404: ['ERR_NO_DEF_WAPP_FOUND', 'ERR_NO_TAG_FOUND'],
  409: ['ERR_DUPLICATED_CONTACT', 'ERR_WAPP_NOT_INITIALIZED'],
} as const;
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

export function registerContactRoutes(app: App, { contacts, optOut }: Services): void {
  const opts = { onRequest: app.authenticate };
  const doc = { tags: ['contacts'] };

  app.get(
    '/contacts',
    { ...opts, schema: { ...doc, querystring: contactsQuerySchema, response: answers({ 200: contactsPageSchema }, SIGNED_IN, INPUT) } },
    (req) => contacts.list(req.actor, req.query),
  );
  app.get(
    '/contacts/export',
    {
      ...opts,
      schema: { ...doc, produces: ['text/csv'], response: answers({ 200: fileBody('CSV: name;number;email') }, SIGNED_IN, REFUSED) },
    },
    async (req, reply) => {
      const csv = await contacts.exportCsv(req.actor);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="contacts.csv"')
        .send(csv);
    },
  );
  app.post(
    '/contacts/import/csv',
    {
      ...opts,
      schema: { ...doc, body: contactCsvImportSchema, response: answers({ 200: contactCsvImportResultSchema }, SIGNED_IN, BODY, REFUSED) },
    },
    (req) => contacts.importCsv(req.actor, req.body),
  );
  app.get(
    '/contacts/:id',
    { ...opts, schema: { ...doc, params: dbIdParamSchema, response: answers({ 200: contactSchema }, SIGNED_IN, INPUT, NO_CONTACT) } },
    (req) => contacts.show(req.actor, req.params.id),
  );
  app.post(
    '/contacts',
    {
      ...opts,
      schema: { ...doc, body: contactCreateSchema, response: answers({ 201: contactSchema }, SIGNED_IN, BODY, REFUSED, NUMBER_CHECK) },
    },
    async (req, reply) => reply.status(201).send(await contacts.create(req.actor, req.body)),
  );
  app.post(
    '/contact',
    {
      ...opts,
      schema: { ...doc, body: contactQuickCreateSchema, response: answers({ 201: contactSchema }, SIGNED_IN, BODY, REFUSED, NUMBER_CHECK) },
    },
    async (req, reply) => reply.status(201).send(await contacts.quickCreate(req.actor, req.body)),
  );
  app.post(
    '/contacts/:id/opt-in',
    {
      ...opts,
      schema: {
        ...doc,
        summary: 'Opt a contact back in to bulk messages (admins)',
        params: dbIdParamSchema,
        response: answers({ 200: contactSchema }, SIGNED_IN, INPUT, REFUSED, NO_CONTACT),
      },
    },
    (req) => optOut.optIn(req.actor, req.params.id),
  );
  app.put(
    '/contacts/:id',
    {
      ...opts,
      schema: {
        ...doc,
        params: dbIdParamSchema,
        body: contactUpdateSchema,
        response: answers({ 200: contactSchema }, SIGNED_IN, BODY, REFUSED, NO_CONTACT, NUMBER_CHECK),
      },
    },
    (req) => contacts.update(req.actor, req.params.id, req.body),
  );
  app.delete(
    '/contacts/:id',
    {
      ...opts,
      schema: { ...doc, params: dbIdParamSchema, response: answers({ 200: messageResultSchema }, SIGNED_IN, INPUT, REFUSED, NO_CONTACT) },
    },
    async (req) => {
      await contacts.remove(req.actor, req.params.id);
      return { message: 'Contact deleted' };
    },
  );
  app.delete(
    '/contacts',
    { ...opts, schema: { ...doc, response: answers({ 200: countResultSchema }, SIGNED_IN, BODY, REFUSED) } },
    async (req) => ({
      message: 'Contacts deleted',
      count: await contacts.removeAll(req.actor),
    }),
  );
}
