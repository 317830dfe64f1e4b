/** The dashboard (spec §3 "Dashboard result"): admins see everyone, attendants themselves. */
import { dashboardResponseSchema } from '../responses/dashboard.js';
import { dashboardQuerySchema } from '../schemas/dashboard.js';
import { route } from './route.js';

export const DASHBOARD_ROUTES = {
  show: route({ method: 'GET', path: '/dashboard', query: dashboardQuerySchema, answer: dashboardResponseSchema }),
};
