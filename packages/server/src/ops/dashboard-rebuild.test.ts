/**
 * `npm run dashboard:rebuild` recounts the dashboard's figures from the tickets' history: figures
 * lost or wrong (a restore of an older backup, rows written by hand) come back as the running
 * server keeps them.
 */
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardAttendantTickets, dashboardDayTickets, dashboardRollups, tickets } from '../db/schema.js';
import { loadCurrentUser } from '../store/users.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { connectSimulator, customerSends, phoneNumber, waitFor } from '../test/simulator.js';
import { rebuildOn } from './dashboard-rebuild.js';

describe('dashboard rebuild', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  });
  afterAll(async () => {
    await s.close();
  });

  const figures = () =>
    s.database.db
      .select()
      .from(dashboardRollups)
      .orderBy(asc(dashboardRollups.day), asc(dashboardRollups.userId), asc(dashboardRollups.queueId));
  /** The distinct-ticket figures (store/dashboard-tickets.ts), rebuilt with the rest. */
  const ticketFigures = async () => ({
    attendant: await s.database.db
      .select()
      .from(dashboardAttendantTickets)
      .orderBy(asc(dashboardAttendantTickets.userId), asc(dashboardAttendantTickets.queueId), asc(dashboardAttendantTickets.day)),
    day: await s.database.db
      .select()
      .from(dashboardDayTickets)
      .orderBy(asc(dashboardDayTickets.userId), asc(dashboardDayTickets.queueId), asc(dashboardDayTickets.day)),
  });

  it('puts back the figures the server kept, after they were lost and garbled', async () => {
    const conn = await connectSimulator(s);
    for (let i = 0; i < 3; i++) await customerSends(s, { from: phoneNumber(), to: conn.number, name: `Customer ${i}`, body: 'Hello' });
    await waitFor(async () => (await figures()).reduce((n, r) => n + r.pending, 0) === 3);
    const admin = (await loadCurrentUser(s.database.db, (await s.database.db.query.users.findFirst())!.id))!;
    const [first] = await s.database.db.select().from(tickets).orderBy(asc(tickets.id)).limit(1);
    await s.services.tickets.accept(admin, first.id);
    const kept = await figures();
    const keptTickets = await ticketFigures();
    expect(keptTickets.attendant.map((r) => [r.userId, r.queueId, r.tickets])).toEqual([[admin.id, 0, 1]]);
    expect(keptTickets.day.map((r) => [r.userId, r.queueId, r.tickets])).toEqual([[admin.id, 0, 1]]);

    await s.database.db.execute(sql`update dashboard_rollups set pending = pending + 40`);
    await s.database.db.execute(sql`insert into dashboard_rollups (day, user_id, queue_id, finished) values ('2020-01-01', 0, 0, 7)`);
    await s.database.db.execute(sql`delete from dashboard_attendant_tickets`);
    await s.database.db.execute(sql`update dashboard_day_tickets set tickets = tickets + 5`);
    expect(await figures()).not.toEqual(kept);

    expect(await rebuildOn(s.database)).toBe(kept.length);
    expect(await figures()).toEqual(kept);
    expect(await ticketFigures()).toEqual(keptTickets);
  });
});
