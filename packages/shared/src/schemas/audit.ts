/**
 * The audit log (admins): what was changed, by whom, when and from where. The route and the
 * page's filters validate with the same query schema.
 */
import { z } from 'zod';
import { numeric, text } from './primitives.js';

/** Every action the log records; the page offers them as a filter and names each in three languages. */
export const AUDIT_ACTIONS = [
  'setting.update',
  'setting.regenerate_api_token',
  'user.create',
  'user.update',
  'user.delete',
  'connection.create',
  'connection.update',
  'connection.delete',
  'connection.session_start',
  'connection.session_restart',
  'connection.session_logout',
  'sector.create',
  'sector.update',
  'sector.delete',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'import.contacts',
  'import.whaticket_start',
  'import.whaticket_cancel',
  'ticket.delete',
  'message.delete',
  'contact.delete',
  'contact.delete_all',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A real calendar date written yyyy-MM-dd (2024-02-30 is refused). */
const calendarDate = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as yyyy-MM-dd')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Not a calendar date');

/** GET /audit-log and its CSV export: every filter optional; dates are days in the configured time zone. */
export const auditQuerySchema = z
  .object({
    pageNumber: numeric(z.number().int().min(1).max(100_000)).optional().default(1),
    actorId: numeric(z.number().int().positive().max(2_147_483_647)).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    dateFrom: calendarDate.optional(),
    dateTo: calendarDate.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.dateFrom && q.dateTo && q.dateFrom > q.dateTo)
      ctx.addIssue({ code: 'custom', message: 'dateFrom is after dateTo', path: ['dateFrom'] });
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditRecordSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** A summary of the record before and after the change; secrets appear as "[hidden]". */
  before: z.unknown(),
  after: z.unknown(),
  address: z.string(),
});
export type AuditRecordDTO = z.infer<typeof auditRecordSchema>;

export const auditPageSchema = z.object({
  records: z.array(auditRecordSchema),
  hasMore: z.boolean(),
});
export type AuditPageDTO = z.infer<typeof auditPageSchema>;
