/** The audit log (admins): pages of the changes made by users. Its CSV export is a file, read beside the table. */
import { auditPageSchema, auditQuerySchema } from '../schemas/audit.js';
import { route } from './route.js';

export const AUDIT_ROUTES = {
  list: route({ method: 'GET', path: '/audit-log', query: auditQuerySchema, answer: auditPageSchema }),
};
