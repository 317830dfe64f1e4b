/**
 * GET /dashboard query. Every parameter is parsed here into a typed value before it reaches SQL
 * (where it is bound as a parameter anyway): a malformed value is a 400, never a database error.
 * The route validates with it; the dashboard screen types its parameters with its z.input.
 */
import { z } from 'zod';
import { text, numeric } from './primitives.js';

const MAX_INT = 2_147_483_647;
/** Longest range the dashboard answers for (the per-day chart is one row per day). */
export const MAX_RANGE_DAYS = 3660;

const id = numeric(z.number().int().positive().max(MAX_INT));

/** A real calendar date written yyyy-MM-dd (2024-02-30 is refused). */
const calendarDate = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as yyyy-MM-dd')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Not a calendar date');

export const dashboardQuerySchema = z
  .object({
    days: numeric(z.number().int().min(1).max(MAX_RANGE_DAYS)).optional().describe('The last N calendar days, today included'),
    date_from: calendarDate.optional().describe('First day (yyyy-MM-dd, in the configured time zone)'),
    date_to: calendarDate.optional().describe('Last day, included (yyyy-MM-dd)'),
    userId: id.optional().describe('Only this attendant (attendants always see only themselves)'),
    queueId: id.optional().describe('Only this sector'),
    tag: id.optional().describe('Only tickets whose contact has this tag (tag id)'),
  })
  .superRefine((q, ctx) => {
    if (q.days !== undefined && (q.date_from !== undefined || q.date_to !== undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Use either days or date_from/date_to', path: ['days'] });
    }
    if ((q.date_from === undefined) !== (q.date_to === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'date_from and date_to go together', path: [q.date_from ? 'date_to' : 'date_from'] });
    }
    if (q.date_from && q.date_to) {
      if (q.date_from > q.date_to) ctx.addIssue({ code: 'custom', message: 'date_from is after date_to', path: ['date_from'] });
      const span = (Date.parse(q.date_to) - Date.parse(q.date_from)) / 86_400_000 + 1;
      if (span > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', message: `At most ${MAX_RANGE_DAYS} days`, path: ['date_to'] });
    }
    const any = q.days ?? q.date_from ?? q.userId ?? q.queueId ?? q.tag;
    if (any === undefined) ctx.addIssue({ code: 'custom', message: 'Parametrize o filtro', path: [] });
  });

export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
/** The query parameters a client sends. */
export type DashboardParams = z.input<typeof dashboardQuerySchema>;
