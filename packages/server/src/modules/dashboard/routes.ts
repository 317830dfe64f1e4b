import type { App } from '../../http/types.js';
import type { DashboardService } from './service.js';
import { dashboardQuerySchema, dashboardResponseSchema } from './schema.js';

export function registerDashboardRoutes(app: App, dashboard: DashboardService): void {
  app.get(
    '/dashboard',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        summary: 'Support indicators, NPS and attendants for a range (admins: everyone; attendants: themselves)',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema },
      },
    },
    (req) => dashboard.show(req.actor, req.query),
  );
}
