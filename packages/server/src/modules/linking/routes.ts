import { LINKING_ROUTES as R } from '@switchboard/shared';
import type { AppContext } from '../../context.js';
import type { ChannelManager } from '../../channels/manager.js';
import { answers, BODY, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import { LinkingService } from './service.js';

export function registerLinkingRoutes(app: App, ctx: AppContext, channels: ChannelManager): void {
  const linking = new LinkingService(ctx, channels);
  const opts = { onRequest: app.authenticate };
  const tags = ['connections'];

  app.post(
    R.pairingCode.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.pairingCode),
        tags,
        description: 'Links the connection without a QR code: the answer is the code to type on the phone with this number.',
        response: answers(ok(R.pairingCode), SIGNED_IN, BODY, REFUSED, {
          404: ['ERR_NO_WAPP_FOUND'],
          409: ['ERR_WAPP_NOT_INITIALIZED', 'ERR_WAPP_INVALID_CONTACT', 'ERR_SENDING_WAPP_MSG'],
          503: ['ERR_WAPP_NOT_INITIALIZED'],
        }),
      },
    },
    (req) => linking.requestPairingCode(req.actor, req.params.id, req.body.number),
  );
  app.get(
    R.health.path,
    {
      ...opts,
      schema: {
        tags,
        description:
          "Each connection's refused sends, undecryptable messages, reconnects and rate limits in the last hour, and its last close reason.",
        response: answers(ok(R.health), SIGNED_IN, REFUSED),
      },
    },
    (req) => linking.health(req.actor),
  );
}
