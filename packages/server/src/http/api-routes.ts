/** Every route under /api, in one place: each module registers its own (validate → authorize → act → present). */
import { registerSimulatorRoutes } from '../modules/simulator/routes.js';
import { registerWebchatRoutes } from '../modules/webchat/routes.js';
import type { AppContext } from '../context.js';
import { registerAuthRoutes } from '../modules/auth/routes.js';
import { registerConnectionRoutes } from '../modules/connections/routes.js';
import { registerCloudRoutes } from '../modules/cloud/routes.js';
import { registerContactImportRoute } from '../modules/contacts/import.js';
import { registerContactRoutes } from '../modules/contacts/routes.js';
import { registerDashboardRoutes } from '../modules/dashboard/routes.js';
import { registerInboundFailureRoutes } from '../modules/inbound-failures/routes.js';
import { registerExternalApiRoutes } from '../modules/external-api/routes.js';
import { registerMessageRoutes } from '../modules/messages/routes.js';
import { registerNoteRoutes } from '../modules/notes/routes.js';
import { registerWebhookRoutes } from '../modules/webhooks/routes.js';
import { registerQueueRoutes } from '../modules/queues/routes.js';
import { registerQuickAnswerRoutes } from '../modules/quick-answers/routes.js';
import { registerSettingsRoutes } from '../modules/settings/routes.js';
import { registerTagRoutes } from '../modules/tags/routes.js';
import { registerTicketRoutes } from '../modules/tickets/routes.js';
import { registerUserRoutes } from '../modules/users/routes.js';
import { registerWhaticketImportRoutes } from '../modules/whaticket-import/routes.js';
import { registerLinkingRoutes } from '../modules/linking/routes.js';
import { registerScheduledMessageRoutes } from '../modules/scheduled-messages/routes.js';
import { registerAuditRoutes } from '../modules/audit/routes.js';
import { registerPushRoutes } from '../modules/push/routes.js';
import { registerCampaignRoutes } from '../modules/campaigns/routes.js';
import type { Services } from '../services.js';
import type { App } from './types.js';
import { databaseProblem } from './health.js';
import { answers } from './responses.js';
import { z } from 'zod';

/** GET /api/health (load balancers, e2e start-up): not in the document, still checked. */
const healthSchema = z.object({
  status: z.enum(['ok', 'starting', 'unavailable']),
  database: z.string().optional(),
  reason: z.string().optional(),
  /**
   * Per connection, the last hour's counts (channels/health.ts): numbers only — names, phone
   * numbers, refusal codes and close reasons are for administrators (GET /api/whatsapp-health).
   */
  channels: z
    .array(
      z.object({
        id: z.number().int(),
        alert: z.boolean(),
        refused: z.number().int(),
        undecryptable: z.number().int(),
        reconnects: z.number().int(),
        rateLimited: z.number().int(),
      }),
    )
    .optional(),
});

export function registerApiRoutes(api: App, ctx: AppContext, services: Services, isReady: () => boolean): void {
  api.get('/health', { schema: { hide: true, response: answers({ 200: healthSchema, 503: healthSchema }) } }, async (_req, reply) => {
    if (!isReady()) return reply.status(503).send({ status: 'starting' as const });
    const problem = (await databaseProblem(ctx)) ?? (api.storageFaults.writesFailing() ? 'database writes failing' : null);
    if (problem) return reply.status(503).send({ status: 'unavailable' as const, reason: problem, database: ctx.database.kind });
    // The channels' counts are extra: a failure to read them must not fail the health check itself.
    const record = await services.channels.health.list().catch((err: unknown) => {
      ctx.log.warn({ err }, 'health check: channel health not readable');
      return null;
    });
    if (!record) return { status: 'ok' as const, database: ctx.database.kind };
    const channels = record.connections.map((c) => ({
      id: c.connectionId,
      alert: c.alert,
      refused: c.refused,
      undecryptable: c.undecryptable,
      reconnects: c.reconnects,
      rateLimited: c.rateLimited,
    }));
    return { status: 'ok' as const, database: ctx.database.kind, channels };
  });
  registerAuthRoutes(api, services, ctx.config.allowedOrigins);
  registerUserRoutes(api, services);
  registerSettingsRoutes(api, services);
  registerContactRoutes(api, services);
  registerContactImportRoute(api, ctx, services.channels);
  registerTagRoutes(api, services);
  registerQuickAnswerRoutes(api, services);
  registerQueueRoutes(api, services);
  registerConnectionRoutes(api, services);
  registerCloudRoutes(api, services);
  registerInboundFailureRoutes(api, services);
  registerTicketRoutes(api, services);
  registerMessageRoutes(api, services, ctx.config.uploadMaxRequestBytes);
  registerNoteRoutes(api, services);
  registerScheduledMessageRoutes(api, services, ctx.config.uploadMaxRequestBytes);
  registerCampaignRoutes(api, services.campaigns, services.media, ctx.config.uploadMaxRequestBytes);
  registerWebhookRoutes(api, services);
  registerDashboardRoutes(api, services.dashboard);
  registerExternalApiRoutes(api, services.settings, services.externalApi, services.media, ctx.config.uploadMaxRequestBytes);
  registerWhaticketImportRoutes(api, services.whaticketImport);
  if (services.simulator) registerSimulatorRoutes(api, services.simulator);
  registerWebchatRoutes(api, services.webchat, ctx.config.uploadMaxRequestBytes);
  registerLinkingRoutes(api, ctx, services.channels);
  registerAuditRoutes(api, services.audit);
  registerPushRoutes(api, services);
}
