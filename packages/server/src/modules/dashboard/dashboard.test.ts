/**
 * Dashboard numbers against a fixture computed by hand: cycles and ratings inserted with known
 * timestamps in America/Sao_Paulo (UTC-3), so day boundaries differ from UTC's.
 */
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  campaignRecipients,
  campaigns,
  contactTags,
  contacts,
  queues,
  ratings,
  tags,
  ticketCycles,
  tickets,
  whatsapps,
} from '../../db/schema.js';
import { campaignAudienceSchema, DEFAULT_CAMPAIGN_PACING } from '@switchboard/shared';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { waitFor } from '../../test/simulator.js';
import { rowsOf } from '../../lib/sql.js';
import { rebuildDashboardRollups } from '../../store/dashboard-rollups.js';

/** A wall-clock time in São Paulo (no daylight saving since 2019). */
const sp = (local: string) => new Date(`${local}-03:00`);

type Counters = Record<string, number>;
type Attendant = {
  id: number;
  name: string;
  rating: number | null;
  countRating: number;
  avgSupportTime: number;
  tickets: number;
  online: boolean;
};

describe('dashboard', () => {
  let s: TestServer;
  let ana: Awaited<ReturnType<TestServer['createUser']>>;
  let bruno: Awaited<ReturnType<TestServer['createUser']>>;
  let q1: number;
  let q2: number;
  let tag: number;
  let base: string;
  let socket: Socket | undefined;
  // "Now" for the days filter: 2025-03-12 12:00 in São Paulo.
  const clock = { now: () => sp('2025-03-12T12:00:00') };

  const get = (query: string, token = s.adminToken) =>
    s.app.inject({ method: 'GET', url: `/api/dashboard?${query}`, headers: bearer(token) });
  const read = async (query: string, token = s.adminToken) => {
    const res = await get(query, token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(typeof body.counters).toBe('string');
    expect(typeof body.attendants).toBe('string');
    return {
      counters: JSON.parse(body.counters) as Counters,
      attendants: JSON.parse(body.attendants) as Attendant[],
      ticketsPerDay: body.ticketsPerDay as { date: string; count: number }[],
    };
  };

  beforeAll(async () => {
    s = await createTestServer({ clock });
    const tz = await s.app.inject({
      method: 'PUT',
      url: '/api/settings/timezone',
      headers: bearer(s.adminToken),
      payload: { value: 'America/Sao_Paulo' },
    });
    expect(tz.statusCode).toBe(200);
    ana = await s.createUser({ name: 'Ana' });
    bruno = await s.createUser({ name: 'Bruno' });
    const db = s.database.db;
    [{ id: q1 }, { id: q2 }] = await db
      .insert(queues)
      .values([
        { name: 'Sales', color: '#111111' },
        { name: 'Support', color: '#222222' },
      ])
      .returning();
    [{ id: tag }] = await db.insert(tags).values({ name: 'VIP', color: '#333333' }).returning();
    const [{ id: conn }] = await db.insert(whatsapps).values({ name: 'Line', channel: 'simulator', status: 'DISCONNECTED' }).returning();

    const contactAt: Record<string, string> = {
      k1: '2025-03-10T08:59:00',
      k2: '2025-03-10T09:59:00',
      k3: '2025-03-11T13:00:00',
      k4: '2025-03-11T14:00:00',
      k5: '2025-03-12T07:00:00',
      k6: '2025-03-12T23:30:00', // 02:30 UTC on the 13th: still the 12th locally
      k7: '2025-03-09T23:50:00', // 02:50 UTC on the 10th: the 9th locally, out of range
      k8: '2025-03-12T19:59:00',
    };
    const k: Record<string, number> = {};
    for (const [name, at] of Object.entries(contactAt)) {
      const [row] = await db
        .insert(contacts)
        .values({ name, number: `55110000000${Object.keys(k).length}`, createdAt: sp(at) })
        .returning();
      k[name] = row.id;
    }
    // A group first seen in range is not a lead.
    await db.insert(contacts).values({ name: 'group', number: '120363000000', isGroup: true, createdAt: sp('2025-03-11T10:00:00') });
    await db.insert(contactTags).values([
      { contactId: k.k1, tagId: tag },
      { contactId: k.k3, tagId: tag },
    ]);

    const t: Record<string, number> = {};
    const ticket = async (name: string, contact: string, status: string, queueId: number | null, userId: number | null) => {
      const [row] = await db.insert(tickets).values({ contactId: k[contact], whatsappId: conn, status, queueId, userId }).returning();
      t[name] = row.id;
    };
    await ticket('t1', 'k1', 'closed', q1, ana.id);
    await ticket('t2', 'k2', 'closed', q1, ana.id);
    await ticket('t3', 'k3', 'closed', q2, bruno.id);
    await ticket('t4', 'k4', 'pending', q1, null);
    await ticket('t5', 'k5', 'open', q1, ana.id);
    await ticket('t6', 'k6', 'pending', q1, null);
    await ticket('t7', 'k7', 'closed', q1, ana.id);
    await ticket('t8', 'k8', 'closed', q1, bruno.id);

    const cycle = async (
      ticketName: string,
      f: { queueId: number | null; userId: number | null; queued: string; started?: string; finished?: string; outcome?: string },
    ) => {
      const [row] = await db
        .insert(ticketCycles)
        .values({
          ticketId: t[ticketName],
          queueId: f.queueId,
          userId: f.userId,
          queuedAt: sp(f.queued),
          startedAt: f.started ? sp(f.started) : null,
          finishedAt: f.finished ? sp(f.finished) : null,
          outcome: f.outcome ?? null,
        })
        .returning();
      return row.id;
    };
    // wait 10, support 30, resolved
    const c1 = await cycle('t1', {
      queueId: q1,
      userId: ana.id,
      queued: '2025-03-10T09:00:00',
      started: '2025-03-10T09:10:00',
      finished: '2025-03-10T09:40:00',
      outcome: 'resolved',
    });
    // wait 5.5, support 59.5, resolved
    const c2 = await cycle('t2', {
      queueId: q1,
      userId: ana.id,
      queued: '2025-03-10T10:00:00',
      started: '2025-03-10T10:05:30',
      finished: '2025-03-10T11:05:00',
      outcome: 'resolved',
    });
    // wait 20, support 30, finished from the options menu
    const c3 = await cycle('t3', {
      queueId: q2,
      userId: bruno.id,
      queued: '2025-03-11T14:00:00',
      started: '2025-03-11T14:20:00',
      finished: '2025-03-11T14:50:00',
      outcome: 'finished',
    });
    // never waited (started by Bruno himself), support 45, handed on by a transfer: not an end
    const c4 = await cycle('t4', {
      queueId: q2,
      userId: bruno.id,
      queued: '2025-03-11T15:00:00',
      started: '2025-03-11T15:00:00',
      finished: '2025-03-11T15:45:00',
      outcome: 'transferred',
    });
    // ... and waits in Sales
    await cycle('t4', { queueId: q1, userId: null, queued: '2025-03-11T15:45:00' });
    // in service, waited 30
    await cycle('t5', { queueId: q1, userId: ana.id, queued: '2025-03-12T08:00:00', started: '2025-03-12T08:30:00' });
    // waiting since late on the 12th (the 13th in UTC)
    await cycle('t6', { queueId: q1, userId: null, queued: '2025-03-12T23:30:00' });
    // all on the 9th locally (the 10th in UTC): out of range
    const c8 = await cycle('t7', {
      queueId: q1,
      userId: ana.id,
      queued: '2025-03-09T23:50:00',
      started: '2025-03-09T23:55:00',
      finished: '2025-03-09T23:59:00',
      outcome: 'resolved',
    });
    // queued in range (wait 10), finished after it: neither resolved nor in the support average
    const c9 = await cycle('t8', {
      queueId: q1,
      userId: bruno.id,
      queued: '2025-03-12T20:00:00',
      started: '2025-03-12T20:10:00',
      finished: '2025-03-13T00:30:00',
      outcome: 'resolved',
    });

    const rate = (ticketName: string, cycleId: number, userId: number, value: number, at: string) =>
      db.insert(ratings).values({ ticketId: t[ticketName], cycleId, userId, rate: value, createdAt: sp(at) });
    await rate('t1', c1, ana.id, 10, '2025-03-10T09:45:00');
    await rate('t2', c2, ana.id, 6, '2025-03-10T11:10:00');
    await rate('t3', c3, bruno.id, 9, '2025-03-11T14:55:00');
    await rate('t4', c4, bruno.id, 7, '2025-03-11T15:50:00');
    await rate('t8', c9, bruno.id, 8, '2025-03-12T20:20:00');
    await rate('t7', c8, ana.id, 0, '2025-03-09T23:59:30'); // out of range

    // A campaign: k1 replied on t1 (Sales, Ana, VIP) and k3 on t3 (Support, Bruno, VIP) in range,
    // k7 before it; k5 never replied.
    const [campaign] = await db
      .insert(campaigns)
      .values({
        name: 'March offer',
        whatsappId: conn,
        status: 'finished',
        audience: campaignAudienceSchema.parse({ tagIds: [tag] }),
        pacing: DEFAULT_CAMPAIGN_PACING,
      })
      .returning();
    const recipient = (contact: string, ticketName: string | null, repliedAt: string | null) => ({
      campaignId: campaign.id,
      contactId: k[contact],
      status: 'handed',
      ticketId: ticketName ? t[ticketName] : null,
      repliedAt: repliedAt ? sp(repliedAt) : null,
    });
    await db
      .insert(campaignRecipients)
      .values([
        recipient('k1', 't1', '2025-03-10T10:00:00'),
        recipient('k3', 't3', '2025-03-11T23:30:00'),
        recipient('k7', 't7', '2025-03-09T23:00:00'),
        recipient('k5', null, null),
      ]);
    // The fixture was written straight to the tables, as an import writes them: recounted the same way.
    await db.transaction((tx) => rebuildDashboardRollups(tx));

    base = await s.listen();
  });

  afterAll(async () => {
    socket?.close();
    await s?.stop();
  });

  it('counts the range by hand: waiting, in service, resolved, leads, times, NPS', async () => {
    const { counters } = await read('date_from=2025-03-10&date_to=2025-03-12');
    expect(counters).toEqual({
      supportPending: 2, // t4 back in the queue, t6 late on the 12th
      supportHappening: 1, // t5
      supportFinished: 3, // c1, c2 resolved; c3 finished; the transfer is not an end
      leads: 7, // k1–k6, k8; not k7 (the 9th locally), not the group
      campaignReplies: 2, // k1 and k3; k7 replied on the 9th, k5 never
      avgSupportTime: 41.13, // (30 + 59.5 + 30 + 45) / 4 = 41.125
      avgWaitTime: 15.1, // (10 + 5.5 + 20 + 30 + 10) / 5
      npsPromotersPerc: 40, // 10, 9
      npsPassivePerc: 40, // 7, 8
      npsDetractorsPerc: 20, // 6
      npsScore: 20,
      npsCount: 5,
    });
  });

  it('per attendant: ratings, count, average support time, tickets, live presence', async () => {
    socket = ioClient(base, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: ana.token },
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    const { attendants } = await read('date_from=2025-03-10&date_to=2025-03-12');
    const byName = Object.fromEntries(attendants.map((a) => [a.name, a]));
    expect(attendants.map((a) => a.name)).toEqual(['Admin', 'Ana', 'Bruno']);
    expect(byName.Ana).toEqual({ id: ana.id, name: 'Ana', rating: 8, countRating: 2, avgSupportTime: 44.75, tickets: 3, online: true });
    expect(byName.Bruno).toEqual({
      id: bruno.id,
      name: 'Bruno',
      rating: 8,
      countRating: 3,
      avgSupportTime: 37.5,
      tickets: 3,
      online: false,
    });
    expect(byName.Admin).toMatchObject({ rating: null, countRating: 0, avgSupportTime: 0, tickets: 0, online: false });

    socket.close();
    await waitFor(async () => {
      const { attendants: now } = await read('date_from=2025-03-10&date_to=2025-03-12');
      return now.find((a) => a.name === 'Ana')?.online === false;
    });
  });

  it('NPS edges: 6 is a detractor, 7 and 8 passives, 9 a promoter', async () => {
    // Sector Support holds c3 (9) and c4 (7).
    const { counters } = await read(`date_from=2025-03-10&date_to=2025-03-12&queueId=${q2}`);
    expect(counters).toMatchObject({ npsPromotersPerc: 50, npsPassivePerc: 50, npsDetractorsPerc: 0, npsScore: 50, npsCount: 2 });
    // Ana: 10 and 6.
    const ana2 = await read(`date_from=2025-03-10&date_to=2025-03-12&userId=${ana.id}`);
    expect(ana2.counters).toMatchObject({ npsPromotersPerc: 50, npsPassivePerc: 0, npsDetractorsPerc: 50, npsScore: 0 });
    // Bruno: 9, 7, 8.
    const bruno2 = await read(`date_from=2025-03-10&date_to=2025-03-12&userId=${bruno.id}`);
    expect(bruno2.counters).toMatchObject({ npsPromotersPerc: 33.33, npsPassivePerc: 66.67, npsDetractorsPerc: 0, npsScore: 33.33 });
  });

  it('filters by attendant, sector and tag', async () => {
    const byAna = await read(`date_from=2025-03-10&date_to=2025-03-12&userId=${ana.id}`);
    expect(byAna.counters).toMatchObject({
      supportPending: 0,
      supportHappening: 1,
      supportFinished: 2,
      leads: 3,
      campaignReplies: 1, // k1's reply ticket is Ana's
      avgSupportTime: 44.75,
      avgWaitTime: 15.17,
    });
    expect(byAna.attendants.map((a) => a.name)).toEqual(['Ana']);

    const support = await read(`date_from=2025-03-10&date_to=2025-03-12&queueId=${q2}`);
    expect(support.counters).toMatchObject({
      supportPending: 0,
      supportHappening: 0,
      supportFinished: 1,
      avgSupportTime: 37.5,
      avgWaitTime: 20,
      leads: 2,
      campaignReplies: 1, // k3's reply ticket is in Support
    });

    const vip = await read(`date_from=2025-03-10&date_to=2025-03-12&tag=${tag}`);
    expect(vip.counters).toMatchObject({
      supportFinished: 2,
      avgSupportTime: 30,
      avgWaitTime: 15,
      leads: 2,
      campaignReplies: 2, // k1 and k3 are VIP
      npsPromotersPerc: 100,
      npsScore: 100,
    });
    expect(vip.ticketsPerDay).toEqual([
      { date: '2025-03-10', count: 1 },
      { date: '2025-03-11', count: 1 },
      { date: '2025-03-12', count: 0 },
    ]);
  });

  it('date filter: day boundaries in the configured time zone', async () => {
    const first = await read('date_from=2025-03-10&date_to=2025-03-10');
    expect(first.counters).toMatchObject({ supportPending: 0, supportHappening: 0, supportFinished: 2, leads: 2, npsCount: 2 });
    expect(first.ticketsPerDay).toEqual([{ date: '2025-03-10', count: 2 }]);
    const ninth = await read('date_from=2025-03-09&date_to=2025-03-09');
    expect(ninth.counters).toMatchObject({ supportFinished: 1, leads: 1, npsCount: 1, npsDetractorsPerc: 100, npsScore: -100 });
    const all = await read('date_from=2025-03-10&date_to=2025-03-12');
    expect(all.ticketsPerDay).toEqual([
      { date: '2025-03-10', count: 2 },
      { date: '2025-03-11', count: 2 },
      { date: '2025-03-12', count: 3 },
    ]);
  });

  it('period filter: the last N days up to today', async () => {
    const three = await read('days=3');
    const range = await read('date_from=2025-03-10&date_to=2025-03-12');
    expect(three.counters).toEqual(range.counters);
    const today = await read('days=1');
    expect(today.counters).toMatchObject({ supportPending: 1, supportHappening: 1, supportFinished: 0, leads: 3 });
    expect(today.ticketsPerDay).toEqual([{ date: '2025-03-12', count: 3 }]);
  });

  it('without a range, a sector alone is enough (whole history, chart from the first day)', async () => {
    const res = await read(`queueId=${q2}`);
    expect(res.counters).toMatchObject({ supportFinished: 1, avgSupportTime: 37.5 });
    expect(res.ticketsPerDay.map((d) => d.date)).toEqual(['2025-03-11', '2025-03-12']);
  });

  it('no parameter at all: 400 Parametrize o filtro', async () => {
    const res = await get('');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION', message: 'Parametrize o filtro' });
  });

  it('refuses malformed ranges', async () => {
    for (const q of [
      'date_from=2025-03-10',
      'date_to=2025-03-10',
      'date_from=2025-03-12&date_to=2025-03-10',
      'date_from=2025-02-30&date_to=2025-03-10',
      'days=0',
      'days=3&date_from=2025-03-10&date_to=2025-03-12',
      'date_from=1900-01-01&date_to=2025-03-12',
    ]) {
      const res = await get(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error, q).toBe('ERR_VALIDATION');
    }
  });

  it('injection attempts in every parameter answer 400, never a database error', async () => {
    const attacks = [
      '1 OR 1=1',
      '1; DROP TABLE users; --',
      "1' OR '1'='1",
      '1) OR (1=1',
      "'; select pg_sleep(2); --",
      '1 UNION SELECT password_hash FROM users',
      '99999999999',
      '-1',
      '1.5',
    ];
    const params = ['days', 'userId', 'queueId', 'tag'];
    for (const attack of attacks) {
      for (const p of params) {
        const rest = p === 'days' ? '' : '&days=3';
        const res = await get(`${p}=${encodeURIComponent(attack)}${rest}`);
        expect([400], `${p}=${attack}`).toContain(res.statusCode);
        expect(res.json().error).toBe('ERR_VALIDATION');
      }
      for (const p of ['date_from', 'date_to']) {
        const other = p === 'date_from' ? 'date_to=2025-03-12' : 'date_from=2025-03-10';
        const res = await get(`${p}=${encodeURIComponent(`2025-03-10${attack}`)}&${other}`);
        expect(res.statusCode, `${p}=${attack}`).toBe(400);
      }
    }
    // Repeated parameters (arrays) are refused too.
    expect((await get('userId=1&userId=2&days=3')).statusCode).toBe(400);
    // Every table is still there and the numbers did not move.
    const [{ n }] = rowsOf(await s.database.db.execute(sql`select count(*)::int as n from users`)) as { n: number }[];
    expect(Number(n)).toBe(3);
    expect((await read('date_from=2025-03-10&date_to=2025-03-12')).counters.supportFinished).toBe(3);
  });

  it('needs a signed-in user; an attendant sees only their own numbers', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/dashboard?days=3' })).statusCode).toBe(401);
    expect((await s.app.inject({ method: 'GET', url: '/api/dashboard?days=3', headers: bearer('not-a-token') })).statusCode).toBe(403);

    const mine = await read('date_from=2025-03-10&date_to=2025-03-12', ana.token);
    expect(mine.attendants.map((a) => a.id)).toEqual([ana.id]);
    expect(mine.counters).toMatchObject({ supportFinished: 2, npsCount: 2 });

    const other = await get(`date_from=2025-03-10&date_to=2025-03-12&userId=${bruno.id}`, ana.token);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  });
});
