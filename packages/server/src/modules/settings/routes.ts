import { settingUpdateSchema } from '@switchboard/shared';
import { z } from 'zod';
import { text } from '@switchboard/shared';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

const keyParam = z.object({ key: text().min(1).max(64) });

export function registerSettingsRoutes(app: App, { settings }: Services): void {
  const opts = { onRequest: app.authenticate };

  app.get('/settings', { ...opts, schema: { tags: ['settings'] } }, (req) => settings.listFor(req.actor));
  app.get('/settings/:key', { ...opts, schema: { params: keyParam, tags: ['settings'] } }, (req) =>
    settings.showFor(req.actor, req.params.key),
  );
  app.put(
    '/settings/:key',
    { ...opts, schema: { params: keyParam, body: settingUpdateSchema, tags: ['settings'] } },
    (req) => settings.update(req.actor, req.params.key, req.body.value),
  );
  app.post('/settings/userApiToken/regenerate', { ...opts, schema: { tags: ['settings'] } }, (req) =>
    settings.regenerateApiToken(req.actor),
  );
}
