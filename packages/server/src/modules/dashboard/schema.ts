/** GET /dashboard: its query and answer schemas live in @switchboard/shared (schemas/dashboard.ts, responses/dashboard.ts). */
export { dashboardQuerySchema, MAX_RANGE_DAYS, type DashboardQuery } from '@switchboard/shared';
export type { DashboardAttendant, DashboardCounters, DashboardResponse } from '@switchboard/shared';
