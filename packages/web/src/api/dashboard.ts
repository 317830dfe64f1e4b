/**
 * GET /dashboard (spec §3 "Dashboard result"): counters and attendants arrive as JSON strings
 * (compatibility with the reference product); they are parsed here once.
 */
import {
  DASHBOARD_PERIODS_DAYS,
  DASHBOARD_ROUTES,
  USER_ROUTES,
  dashboardAttendantSchema,
  dashboardCountersSchema,
  type DashboardAttendant,
  type DashboardCounters,
  type DashboardParams,
  type DashboardResponse,
  type UserDTO,
} from '@switchboard/shared';
import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { call } from './client';

export type { DashboardAttendant, DashboardCounters };

/** The answer with its two JSON texts read (through their schemas too). */
export interface DashboardData {
  counters: DashboardCounters;
  attendants: DashboardAttendant[];
  ticketsPerDay: DashboardResponse['ticketsPerDay'];
}

/** A JSON text inside an answer, read like an answer: checked against its schema in development. */
function parseEmbedded<S extends z.ZodType>(text: string, schema: S): z.infer<S> {
  const value: unknown = JSON.parse(text);
  if (import.meta.env.DEV) schema.parse(value);
  return value as z.infer<S>;
}

export type DashboardPeriod = 0 | (typeof DASHBOARD_PERIODS_DAYS)[number];

/** What the filter bar holds. */
export interface DashboardFilter {
  type: 'date' | 'period';
  dateFrom: string;
  dateTo: string;
  /** 0 = none. */
  period: DashboardPeriod;
  tagId: number | '';
  userId: number | '';
  queueId: number | '';
}

export type { DashboardParams };

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Defaults of spec §2: by date, first of the current month → today. */
export function defaultDashboardFilter(today = new Date()): DashboardFilter {
  return {
    type: 'date',
    dateFrom: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)),
    dateTo: isoDay(today),
    period: 0,
    tagId: '',
    userId: '',
    queueId: '',
  };
}

/**
 * The query parameters of a filter, or null when nothing is set (the page then shows
 * 'Parametrize o filtro' and makes no request).
 */
export function dashboardParams(filter: DashboardFilter): DashboardParams | null {
  const params: DashboardParams = {};
  if (filter.type === 'date') {
    if (filter.dateFrom && filter.dateTo) {
      params.date_from = filter.dateFrom;
      params.date_to = filter.dateTo;
    }
  } else if (filter.period) {
    params.days = filter.period;
  }
  if (filter.userId !== '') params.userId = filter.userId;
  if (filter.queueId !== '') params.queueId = filter.queueId;
  if (filter.tagId !== '') params.tag = filter.tagId;
  return Object.keys(params).length ? params : null;
}

export function useDashboard(params: DashboardParams | null) {
  return useQuery({
    queryKey: ['dashboard', params],
    enabled: params !== null,
    queryFn: async ({ signal }): Promise<DashboardData> => {
      const answer = await call(DASHBOARD_ROUTES.show, { query: params ?? undefined, signal });
      return {
        counters: parseEmbedded(answer.counters, dashboardCountersSchema),
        attendants: parseEmbedded(answer.attendants, z.array(dashboardAttendantSchema)),
        ticketsPerDay: answer.ticketsPerDay,
      };
    },
  });
}

/** The users filter's choices (admins only; attendants always see themselves). */
export function useDashboardUsers(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'dashboard-filter'],
    enabled,
    queryFn: async ({ signal }) => {
      const all: Pick<UserDTO, 'id' | 'name'>[] = [];
      // Pages of the user list until it ends (a company has tens, not thousands, of attendants).
      for (let page = 1; page <= 20; page++) {
        const answer = await call(USER_ROUTES.list, { query: { pageNumber: page }, signal });
        all.push(...answer.users.map((u) => ({ id: u.id, name: u.name })));
        if (!answer.hasMore) break;
      }
      return all;
    },
  });
}
