import type { App } from '../../http/types.js';
import type { DashboardService } from './service.js';
import { dashboardResponseSchema } from '@switchboard/shared';
import { answers, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { dashboardQuerySchema } from './schema.js';

export function registerDashboardRoutes(app: App, dashboard: DashboardService): void {
  app.get(
    '/dashboard',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        summary: 'Support indicators, NPS and attendants for a range (admins: everyone; attendants: themselves)',
        querystring: dashboardQuerySchema,
        response: answers({ 200: dashboardResponseSchema }, SIGNED_IN, INPUT, REFUSED),
      },
    },
    (req) => dashboard.show(req.actor, req.query),
  );
}
