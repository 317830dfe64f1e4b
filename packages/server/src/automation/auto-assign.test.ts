/**
 * Auto-assignment of sectors: round-robin among online attendants, the limit of open tickets, waiting
 * while nobody can take a ticket, the service cycle, realtime, the admin-only settings, and two
 * server processes assigning the same sectors at once.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, queues, ticketCycles, tickets, whatsappQueues, whatsapps } from '../db/schema.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { processGroup } from '../test/processes.js';
import { apiCaller, expectFieldError } from '../test/http.js';
import { phoneNumber, waitFor } from '../test/simulator.js';
import { connectedClient } from '../test/sockets.js';
import { planAssignments } from './assignment.js';

/** An attendant online: a live socket, as a browser's. */
const online = connectedClient;

describe('round-robin choice', () => {
  const at = (ms: number) => new Date(ms);
  it('serves the least recently served first, never-served before anyone, and rotates', () => {
    const plan = planAssignments(
      [1, 2, 3, 4],
      [
        { userId: 7, openTickets: 0, lastAssignedAt: at(200) },
        { userId: 8, openTickets: 0, lastAssignedAt: at(100) },
        { userId: 9, openTickets: 0, lastAssignedAt: null },
      ],
      null,
    );
    expect(plan.map((p) => p.userId)).toEqual([9, 8, 7, 9]);
  });

  it('passes over whoever holds the limit and leaves the rest waiting', () => {
    const plan = planAssignments(
      [1, 2, 3, 4],
      [
        { userId: 1, openTickets: 2, lastAssignedAt: null },
        { userId: 2, openTickets: 0, lastAssignedAt: at(5) },
      ],
      2,
    );
    expect(plan).toEqual([
      { ticketId: 1, userId: 2 },
      { ticketId: 2, userId: 2 },
    ]);
  });
});

describe('sector auto-assignment', () => {
  let s: TestServer;
  let base: string;
  const sockets: Socket[] = [];
  const api = apiCaller(() => s);
  let n = 0;

  /** A connection whose only sector is `queueId`: a customer's first message lands in it. */
  async function connectionOf(queueId: number) {
    const [c] = await s.database.db
      .insert(whatsapps)
      .values({ name: `AA ${++n}`, channel: 'simulator' })
      .returning();
    await s.database.db.insert(whatsappQueues).values({ whatsappId: c.id, queueId });
    return c.id;
  }

  async function customerWrites(connectionId: number) {
    const number = phoneNumber();
    const stored = await s.services.inbound.message(connectionId, {
      externalId: `AA${++n}`,
      chat: { id: number, isGroup: false },
      sender: { number, name: `Customer ${n}` },
      fromMe: false,
      timestamp: new Date(),
      kind: 'chat',
      body: 'hello',
    });
    await s.services.automation.assigner.idle();
    return stored!.ticket.id;
  }

  async function sector(fields: Record<string, unknown>) {
    const res = await api('POST', '/queue', s.adminToken, { name: `Auto ${++n}`, color: `#a${String(n).padStart(5, '0')}`, ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; autoAssign: boolean; maxOpenPerAttendant: number | null }>();
  }

  const ticket = async (id: number) => (await s.database.db.select().from(tickets).where(eq(tickets.id, id)))[0];
  const cycles = (id: number) =>
    s.database.db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, id)).orderBy(asc(ticketCycles.id));

  beforeAll(async () => {
    s = await createTestServer();
    base = await s.listen();
  });
  afterAll(async () => {
    for (const so of sockets) so.close();
    await s.stop();
  });

  it('gives new tickets to online attendants in turn, up to the limit; the rest wait until one frees up', async () => {
    const q = await sector({ autoAssign: true, maxOpenPerAttendant: 2 });
    expect(q).toMatchObject({ autoAssign: true, maxOpenPerAttendant: 2 });
    const ana = await s.createUser({ queueIds: [q.id] });
    const bia = await s.createUser({ queueIds: [q.id] });
    const offline = await s.createUser({ queueIds: [q.id] });
    const other = await s.createUser({ queueIds: [] });
    const anaLive = await online(base, ana.token, sockets);
    const biaLive = await online(base, bia.token, sockets);
    await online(base, other.token, sockets);
    const conn = await connectionOf(q.id);

    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await customerWrites(conn));
    const rows = await Promise.all(ids.map(ticket));
    expect(rows.map((t) => [t.status, t.userId])).toEqual([
      ['open', ana.id],
      ['open', bia.id],
      ['open', ana.id],
      ['open', bia.id],
      ['pending', null],
    ]);
    expect(rows.some((t) => t.userId === offline.id || t.userId === other.id)).toBe(false);

    // Recorded as an accept by the attendant: the waiting cycle started by them in the sector.
    const [cycle] = await cycles(ids[0]);
    expect(cycle).toMatchObject({ userId: ana.id, queueId: q.id, finishedAt: null });
    expect(cycle.startedAt).not.toBeNull();
    expect((await cycles(ids[4]))[0]).toMatchObject({ startedAt: null, userId: null });

    // Announced to the new owner as theirs (the web shows it in "Open" with a notice).
    await waitFor(() =>
      anaLive.events.some(
        (e) =>
          e.event === 'ticket' &&
          e.payload.action === 'update' &&
          e.payload.ticket.id === ids[0] &&
          e.payload.autoAssigned === true &&
          e.payload.ticket.status === 'open',
      ),
    );
    expect(biaLive.events.some((e) => e.event === 'ticket' && e.payload.ticket?.id === ids[0] && e.payload.autoAssigned)).toBe(false);

    // Bia resolves one: the waiting ticket is hers now, not Ana's (who is still full).
    const resolved = await api('PUT', `/tickets/${ids[1]}`, bia.token, { status: 'closed' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await waitFor(async () => (await ticket(ids[4])).userId === bia.id);
    expect((await ticket(ids[4])).status).toBe('open');
  });

  it('waits while nobody of the sector is online, and assigns when one comes online', async () => {
    const q = await sector({ autoAssign: true });
    const caio = await s.createUser({ queueIds: [q.id] });
    const conn = await connectionOf(q.id);
    const id = await customerWrites(conn);
    await s.services.automation.runDueJobs();
    expect(await ticket(id)).toMatchObject({ status: 'pending', userId: null });

    await online(base, caio.token, sockets);
    await waitFor(async () => (await ticket(id)).userId === caio.id);
    expect((await ticket(id)).status).toBe('open');

    // Someone already online who is added to the sector gets what waits there.
    await api('PUT', `/queue/${q.id}`, s.adminToken, { maxOpenPerAttendant: 1 });
    const q2 = await sector({});
    const gil = await s.createUser({ queueIds: [q2.id] });
    await online(base, gil.token, sockets);
    const next = await customerWrites(conn);
    expect(await ticket(next)).toMatchObject({ status: 'pending', userId: null });
    const joined = await api('PUT', `/users/${gil.id}`, s.adminToken, { queueIds: [q2.id, q.id] });
    expect(joined.statusCode, joined.body).toBe(200);
    await waitFor(async () => (await ticket(next)).userId === gil.id);
  });

  it('leaves sectors without auto-assignment alone, and starts when an admin switches it on', async () => {
    const q = await sector({});
    expect(q).toMatchObject({ autoAssign: false, maxOpenPerAttendant: null });
    const dani = await s.createUser({ queueIds: [q.id] });
    await online(base, dani.token, sockets);
    const conn = await connectionOf(q.id);
    const id = await customerWrites(conn);
    await s.services.automation.runDueJobs();
    expect(await ticket(id)).toMatchObject({ status: 'pending', userId: null });

    const on = await api('PUT', `/queue/${q.id}`, s.adminToken, { autoAssign: true, maxOpenPerAttendant: '3' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ autoAssign: true, maxOpenPerAttendant: 3 });
    await waitFor(async () => (await ticket(id)).userId === dani.id);
  });

  it('assigns a ticket returned to the queue or transferred to the sector without attendant', async () => {
    const q = await sector({ autoAssign: true, maxOpenPerAttendant: 1 });
    const eva = await s.createUser({ queueIds: [q.id] });
    const fabi = await s.createUser({ queueIds: [q.id] });
    await online(base, eva.token, sockets);
    const conn = await connectionOf(q.id);
    const first = await customerWrites(conn);
    expect(await ticket(first)).toMatchObject({ userId: eva.id });
    // Eva gives it back: Fabi is online with room now that she connects.
    await online(base, fabi.token, sockets);
    const back = await api('PUT', `/tickets/${first}`, eva.token, { status: 'pending', userId: null });
    expect(back.statusCode, back.body).toBe(200);
    await waitFor(async () => (await ticket(first)).userId != null);
    const owner = (await ticket(first)).userId;
    expect([eva.id, fabi.id]).toContain(owner);
    const kinds = (await cycles(first)).map((c) => [c.outcome, c.userId, c.startedAt != null]);
    expect(kinds).toEqual([
      ['returned', eva.id, true],
      [null, owner, true],
    ]);

    // A ticket of a sector without auto-assignment, transferred here without attendant.
    const manual = await sector({});
    const elsewhere = await customerWrites(await connectionOf(manual.id));
    await s.database.db.update(queues).set({ maxOpenPerAttendant: 2 }).where(eq(queues.id, q.id));
    const moved = await api('PUT', `/tickets/${elsewhere}`, s.adminToken, { queueId: q.id, userId: null });
    expect(moved.statusCode, moved.body).toBe(200);
    await waitFor(async () => (await ticket(elsewhere)).userId != null);
    expect(await ticket(elsewhere)).toMatchObject({ status: 'open', queueId: q.id });
  });

  it('lets only admins switch it on or set the limit, and refuses bad limits, changing nothing', async () => {
    const q = await sector({});
    const agent = await s.createUser({ queueIds: [q.id] });
    const refused = await api('PUT', `/queue/${q.id}`, agent.token, { autoAssign: true, maxOpenPerAttendant: 5 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_NO_PERMISSION');
    const createRefused = await api('POST', '/queue', agent.token, { name: 'Mine', color: '#bcbcbc', autoAssign: true });
    expect(createRefused.statusCode).toBe(403);
    for (const bad of [0, -1, 1000, 1.5, 'abc', true]) {
      expectFieldError(
        await api('PUT', `/queue/${q.id}`, s.adminToken, { maxOpenPerAttendant: bad }),
        'body.maxOpenPerAttendant',
        'Invalid value',
      );
    }
    expect((await api('PUT', `/queue/${q.id}`, s.adminToken, { autoAssign: 'yes' })).statusCode).toBe(400);
    const [row] = await s.database.db.select().from(queues).where(eq(queues.id, q.id));
    expect(row).toMatchObject({ autoAssign: false, maxOpenPerAttendant: null });
    // An empty limit is "no limit".
    const cleared = await api('PUT', `/queue/${q.id}`, s.adminToken, { maxOpenPerAttendant: '' });
    expect(cleared.json()).toMatchObject({ maxOpenPerAttendant: null });
  });
});

describe('auto-assignment by two server processes at once', () => {
  const group = processGroup();
  const sockets = group.sockets;
  let a: TestServer;
  let b: TestServer;
  const secrets = { JWT_SECRET: 'j'.repeat(40), JWT_REFRESH_SECRET: 'r'.repeat(40) };

  beforeAll(async () => {
    a = await group.start({ env: secrets });
    b = await group.start({ env: secrets });
  });
  afterAll(() => group.close());

  it('never assigns a ticket twice nor puts anyone over the limit, across sectors sharing attendants', async () => {
    const db = group.database().database.db;
    const [conn] = await db.insert(whatsapps).values({ name: 'Race', channel: 'simulator' }).returning();
    // Switched on only once the tickets wait, so nothing is assigned before the race.
    const sectors = await db
      .insert(queues)
      .values([
        { name: 'Race A', color: '#r1', maxOpenPerAttendant: 3 },
        { name: 'Race B', color: '#r2', maxOpenPerAttendant: 3 },
      ])
      .returning();
    const sectorIds = sectors.map((q) => q.id);
    const people = [await a.createUser({ queueIds: sectorIds }), await a.createUser({ queueIds: sectorIds })];
    // Each process sees both attendants online (a socket on each; with Redis one socket would do).
    for (const server of [a, b]) {
      const base = await server.listen();
      for (const p of people) await online(base, p.token, sockets);
    }
    let k = 0;
    for (const queueId of sectorIds) {
      for (let i = 0; i < 8; i++) {
        const [c] = await db
          .insert(contacts)
          .values({ name: `Racer ${++k}`, number: phoneNumber() })
          .returning();
        const [t] = await db.insert(tickets).values({ contactId: c.id, whatsappId: conn.id, queueId, status: 'pending' }).returning();
        await db.insert(ticketCycles).values({ ticketId: t.id, queueId });
      }
    }
    await db.update(queues).set({ autoAssign: true }).where(inArray(queues.id, sectorIds));

    const runs = [a, b, a, b].flatMap((server) => sectorIds.map((id) => server.services.automation.assigner.assignSector(id)));
    const assignedPerRun = await Promise.all(runs);
    await a.services.automation.assigner.idle();
    await b.services.automation.assigner.idle();

    const open = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.status, 'open'), inArray(tickets.queueId, sectorIds)));
    // Two attendants, three each, whatever the interleaving.
    expect(open).toHaveLength(6);
    for (const p of people) expect(open.filter((t) => t.userId === p.id)).toHaveLength(3);
    expect(assignedPerRun.reduce((x, y) => x + y, 0)).toBe(6);
    // Each assigned ticket was started once, by its owner.
    const started = await db
      .select({ ticketId: ticketCycles.ticketId, userId: ticketCycles.userId, n: sql<number>`count(*)::int` })
      .from(ticketCycles)
      .where(
        and(
          inArray(
            ticketCycles.ticketId,
            open.map((t) => t.id),
          ),
          sql`${ticketCycles.startedAt} is not null`,
        ),
      )
      .groupBy(ticketCycles.ticketId, ticketCycles.userId);
    expect(started).toHaveLength(6);
    for (const row of started) {
      expect(row.n).toBe(1);
      expect(row.userId).toBe(open.find((t) => t.id === row.ticketId)!.userId);
    }
    const pending = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.status, 'pending'), inArray(tickets.queueId, sectorIds)));
    expect(pending).toHaveLength(10);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('auto-assignment sees presence on every process (Redis adapter)', () => {
  const group = processGroup();
  afterAll(() => group.close());

  it('assigns on one process to an attendant whose only socket is on the other', async () => {
    const env = { REDIS_URL: redisUrl!, JWT_SECRET: 'k'.repeat(40), JWT_REFRESH_SECRET: 'm'.repeat(40) };
    const a = await group.start({ env });
    const b = await group.start({ env });
    const db = group.database().database.db;
    const [conn] = await db.insert(whatsapps).values({ name: 'Presence', channel: 'simulator' }).returning();
    const [q] = await db.insert(queues).values({ name: 'Presence', color: '#p1' }).returning();
    const attendant = await a.createUser({ queueIds: [q.id] });
    await online(await b.listen(), attendant.token, group.sockets);
    await waitFor(async () => (await a.ctx.realtime.onlineUserIds()).has(attendant.id));

    const [c] = await db.insert(contacts).values({ name: 'Far away', number: phoneNumber() }).returning();
    const [t] = await db.insert(tickets).values({ contactId: c.id, whatsappId: conn.id, queueId: q.id, status: 'pending' }).returning();
    await db.update(queues).set({ autoAssign: true }).where(eq(queues.id, q.id));
    expect(await a.services.automation.assigner.assignSector(q.id)).toBe(1);
    const [after] = await db.select().from(tickets).where(eq(tickets.id, t.id));
    expect(after).toMatchObject({ status: 'open', userId: attendant.id });
  });
});
