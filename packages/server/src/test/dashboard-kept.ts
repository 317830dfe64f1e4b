/**
 * The dashboard's kept figures (store/dashboard-rollups.ts) against their recount from the raw
 * tables: a write path that forgot to move them leaves the two different.
 */
import { expect } from 'vitest';
import type { Db } from '../db/client.js';
import { dashboardAttendantTickets, dashboardDayTickets, dashboardLeads, dashboardRollups } from '../db/schema.js';
import { rebuildDashboardRollups } from '../store/dashboard-rollups.js';

const KEYS = ['tagId', 'day', 'userId', 'queueId', 'prevDay', 'lastDay'];
const byKey = (r: Record<string, unknown>) => KEYS.map((k) => String(r[k])).join('/');
/** Rows with a figure other than zero (a row summed back to zero counts nothing), in key order. */
const nonZero = <T extends Record<string, unknown>>(rows: T[]) =>
  rows.filter((r) => Object.entries(r).some(([k, v]) => !KEYS.includes(k) && v !== 0)).sort((a, b) => byKey(a).localeCompare(byKey(b)));

async function keptFigures(db: Db) {
  return {
    rollups: nonZero(await db.select().from(dashboardRollups)),
    attendantTickets: nonZero(await db.select().from(dashboardAttendantTickets)),
    dayTickets: nonZero(await db.select().from(dashboardDayTickets)),
    leads: nonZero(await db.select().from(dashboardLeads)),
  };
}

/** The rows kept by the write paths equal a recount from the raw tables (which then replaces them). */
export async function expectKeptEqualsRecount(db: Db, label: string): Promise<void> {
  const before = await keptFigures(db);
  await db.transaction((tx) => rebuildDashboardRollups(tx));
  expect(before, label).toEqual(await keptFigures(db));
}
