import { CONTACT_ROUTES as R } from '@switchboard/shared';
import { answers, BODY, fileBody, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';

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

  app.get(R.list.path, { ...opts, schema: { ...doc, ...requestSchemas(R.list), response: answers(ok(R.list), SIGNED_IN, INPUT) } }, (req) =>
    contacts.list(req.actor, req.query),
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
    R.importCsv.path,
    {
      ...opts,
      schema: { ...doc, ...requestSchemas(R.importCsv), response: answers(ok(R.importCsv), SIGNED_IN, BODY, REFUSED) },
    },
    (req) => contacts.importCsv(req.actor, req.body),
  );
  app.get(
    R.show.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.show), response: answers(ok(R.show), SIGNED_IN, INPUT, NO_CONTACT) } },
    (req) => contacts.show(req.actor, req.params.id),
  );
  app.post(
    R.create.path,
    {
      ...opts,
      schema: { ...doc, ...requestSchemas(R.create), response: answers(ok(R.create), SIGNED_IN, BODY, REFUSED, NUMBER_CHECK) },
    },
    async (req, reply) => reply.status(201).send(await contacts.create(req.actor, req.body)),
  );
  app.post(
    R.quickCreate.path,
    {
      ...opts,
      schema: { ...doc, ...requestSchemas(R.quickCreate), response: answers(ok(R.quickCreate), SIGNED_IN, BODY, REFUSED, NUMBER_CHECK) },
    },
    async (req, reply) => reply.status(201).send(await contacts.quickCreate(req.actor, req.body)),
  );
  app.post(
    R.optIn.path,
    {
      ...opts,
      schema: {
        ...doc,
        summary: 'Opt a contact back in to bulk messages (admins)',
        ...requestSchemas(R.optIn),
        response: answers(ok(R.optIn), SIGNED_IN, INPUT, REFUSED, NO_CONTACT),
      },
    },
    (req) => optOut.optIn(req.actor, req.params.id),
  );
  app.put(
    R.update.path,
    {
      ...opts,
      schema: {
        ...doc,
        ...requestSchemas(R.update),
        response: answers(ok(R.update), SIGNED_IN, BODY, REFUSED, NO_CONTACT, NUMBER_CHECK),
      },
    },
    (req) => contacts.update(req.actor, req.params.id, req.body),
  );
  app.delete(
    R.remove.path,
    {
      ...opts,
      schema: { ...doc, ...requestSchemas(R.remove), response: answers(ok(R.remove), SIGNED_IN, INPUT, REFUSED, NO_CONTACT) },
    },
    async (req) => {
      await contacts.remove(req.actor, req.params.id);
      return { message: 'Contact deleted' };
    },
  );
  app.delete(
    R.removeAll.path,
    { ...opts, schema: { ...doc, response: answers(ok(R.removeAll), SIGNED_IN, BODY, REFUSED) } },
    async (req) => ({
      message: 'Contacts deleted',
      count: await contacts.removeAll(req.actor),
    }),
  );
}
