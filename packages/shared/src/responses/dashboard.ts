import { z } from 'zod';

export const dashboardCountersSchema = z.object({
  supportPending: z.number().int(),
  supportHappening: z.number().int(),
  supportFinished: z.number().int(),
  leads: z.number().int(),
  /** Campaign recipients who replied in the range (their tickets also count above). */
  campaignReplies: z.number().int(),
  /** Minutes, exact (two decimals). */
  avgSupportTime: z.number(),
  avgWaitTime: z.number(),
  npsPromotersPerc: z.number(),
  npsPassivePerc: z.number(),
  npsDetractorsPerc: z.number(),
  npsScore: z.number(),
  npsCount: z.number().int(),
});
export type DashboardCounters = z.infer<typeof dashboardCountersSchema>;

export const dashboardAttendantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Average rating 0–10, null without ratings. */
  rating: z.number().nullable(),
  countRating: z.number().int(),
  avgSupportTime: z.number(),
  tickets: z.number().int(),
  online: z.boolean(),
});
export type DashboardAttendant = z.infer<typeof dashboardAttendantSchema>;

/** GET /dashboard. Counters and attendants are JSON texts (compatibility with the reference product). */
export const dashboardResponseSchema = z.object({
  counters: z.string().describe('JSON of the counters (supportPending … npsScore), kept as a string for compatibility'),
  attendants: z.string().describe('JSON array of {id, name, rating, countRating, avgSupportTime, tickets, online}'),
  ticketsPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  range: z.object({ from: z.string().nullable(), to: z.string(), timeZone: z.string() }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
