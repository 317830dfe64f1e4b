/** Admins see inbound events that could not be stored (journalled or set aside) and retry them. */
import { inboundFailuresSchema } from '@switchboard/shared';
import { z } from 'zod';
import { answers, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { requireAccess } from '../../http/auth.js';
import type { App } from '../../http/types.js';
import type { Services } from '../../services.js';

const idParams = z.object({ id: z.string().regex(/^[0-9]{13}-[0-9a-f-]{36}$/, 'Invalid id') });

export function registerInboundFailureRoutes(app: App, { channels }: Services): void {
  const opts = { onRequest: [app.authenticate, requireAccess('inboundFailure.manage')] };
  const tags = ['connections'];

  app.get('/inbound-failures', { ...opts, schema: { tags, response: answers({ 200: inboundFailuresSchema }, SIGNED_IN, REFUSED) } }, () =>
    channels.journalled(),
  );
  app.post(
    '/inbound-failures/:id/retry',
    {
      ...opts,
      schema: {
        params: idParams,
        tags,
        response: answers({ 200: z.object({ stored: z.literal(true) }) }, SIGNED_IN, INPUT, REFUSED, { 404: ['ERR_NOT_FOUND'] }),
      },
    },
    async (req) => {
      await channels.retryJournalled(req.params.id);
      return { stored: true as const };
    },
  );
}
