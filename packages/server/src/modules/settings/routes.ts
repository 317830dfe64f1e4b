import { SETTING_ROUTES as R } from '@switchboard/shared';
import { answers, BODY, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

const NO_SETTING = { 404: ['ERR_NO_SETTING_FOUND'] } as const;

export function registerSettingsRoutes(app: App, { settings }: Services): void {
  const opts = { onRequest: app.authenticate };
  const doc = { tags: ['settings'] };

  app.get(R.list.path, { ...opts, schema: { ...doc, response: answers(ok(R.list), SIGNED_IN) } }, (req) => settings.listFor(req.actor));
  app.get(
    R.show.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.show), response: answers(ok(R.show), SIGNED_IN, INPUT, REFUSED, NO_SETTING) } },
    (req) => settings.showFor(req.actor, req.params.key),
  );
  app.put(
    R.update.path,
    { ...opts, schema: { ...doc, ...requestSchemas(R.update), response: answers(ok(R.update), SIGNED_IN, BODY, REFUSED, NO_SETTING) } },
    (req) => settings.update(req.actor, req.params.key, req.body.value),
  );
  app.post(
    R.regenerateApiToken.path,
    { ...opts, schema: { ...doc, response: answers(ok(R.regenerateApiToken), SIGNED_IN, BODY, REFUSED, NO_SETTING) } },
    (req) => settings.regenerateApiToken(req.actor),
  );
}
