/** GET /api/audit-log and its CSV export (admins only; the service refuses everyone else). */
import { AUDIT_ROUTES as R, auditQuerySchema } from '@switchboard/shared';
import { answers, fileBody, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import { ok, requestSchemas } from '../../http/route-table.js';
import type { App } from '../../http/types.js';
import type { AuditService } from './service.js';

export function registerAuditRoutes(app: App, audit: AuditService): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['audit'];
  app.get(
    R.list.path,
    {
      ...opts,
      schema: {
        ...requestSchemas(R.list),
        tags,
        summary: 'Changes made by users, newest first (50 per page)',
        response: answers(ok(R.list), SIGNED_IN, INPUT, REFUSED),
      },
    },
    (req) => audit.list(req.actor, req.query),
  );
  app.get(
    '/audit-log/export',
    {
      ...opts,
      schema: {
        tags,
        summary: 'The filtered audit log as CSV',
        produces: ['text/csv'],
        querystring: auditQuerySchema,
        response: answers(
          { 200: fileBody('CSV: at;actorId;actorName;action;targetType;targetId;address;before;after') },
          SIGNED_IN,
          INPUT,
          REFUSED,
        ),
      },
    },
    async (req, reply) => {
      const csv = await audit.exportCsv(req.actor, req.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="audit-log.csv"')
        .send(csv);
    },
  );
}
