import type { App } from '../../http/types.js';
import type { DashboardService } from './service.js';
import { DASHBOARD_ROUTES as R } from '@switchboard/shared';
import { answers, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';

export function registerDashboardRoutes(app: App, dashboard: DashboardService): void {
  app.get(
    R.show.path,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        summary: 'Support indicators, NPS and attendants for a range (admins: everyone; attendants: themselves)',
        ...requestSchemas(R.show),
        response: answers(ok(R.show), SIGNED_IN, INPUT, REFUSED),
      },
    },
    (req) => dashboard.show(req.actor, req.query),
  );
}
