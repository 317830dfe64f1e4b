/** GET /api/audit-log and its CSV export (admins only; the service refuses everyone else). */
import { auditPageSchema, auditQuerySchema } from '@switchboard/shared';
import { answers, fileBody, INPUT, REFUSED, SIGNED_IN } from '../../http/responses.js';
import type { App } from '../../http/types.js';
import type { AuditService } from './service.js';

export function registerAuditRoutes(app: App, audit: AuditService): void {
  const opts = { onRequest: app.authenticate };
  const tags = ['audit'];
  app.get(
    '/audit-log',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Changes made by users, newest first (50 per page)',
        querystring: auditQuerySchema,
        response: answers({ 200: auditPageSchema }, SIGNED_IN, INPUT, REFUSED),
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
