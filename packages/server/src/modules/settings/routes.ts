import { settingSchema, settingUpdateSchema } from '@switchboard/shared';
import { answers, BODY, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { z } from 'zod';
import { text } from '@switchboard/shared';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

const keyParam = z.object({ key: text().min(1).max(64) });

const NO_SETTING = { 404: ['ERR_NO_SETTING_FOUND'] } as const;

export function registerSettingsRoutes(app: App, { settings }: Services): void {
  const opts = { onRequest: app.authenticate };

  app.get('/settings', { ...opts, schema: { tags: ['settings'], response: answers({ 200: z.array(settingSchema) }, SIGNED_IN) } }, (req) => settings.listFor(req.actor));
  app.get('/settings/:key', { ...opts, schema: { params: keyParam, tags: ['settings'], response: answers({ 200: settingSchema }, SIGNED_IN, INPUT, REFUSED, NO_SETTING) } }, (req) =>
    settings.showFor(req.actor, req.params.key),
  );
  app.put(
    '/settings/:key',
    { ...opts, schema: { params: keyParam, body: settingUpdateSchema, tags: ['settings'], response: answers({ 200: settingSchema }, SIGNED_IN, BODY, REFUSED, NO_SETTING) } },
    (req) => settings.update(req.actor, req.params.key, req.body.value),
  );
  app.post('/settings/userApiToken/regenerate', { ...opts, schema: { tags: ['settings'], response: answers({ 200: settingSchema }, SIGNED_IN, BODY, REFUSED, NO_SETTING) } }, (req) =>
    settings.regenerateApiToken(req.actor),
  );
}
