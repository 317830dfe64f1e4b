/**
 * Campaigns end to end on the simulator: who may run them, the audience (tags, CSV, open tickets)
 * with opted-out contacts skipped — also one who opted out after the campaign was written —, the
 * message with its variables reaching each customer once, statuses following the outbox and the
 * customer's reply, pause and resume, the CSV export, and a refusal storm stopping the campaign
 * with its reason.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CAMPAIGN_PACING,
  EVENTS,
  type CampaignDTO,
  type CampaignPacing,
  type CampaignRecipientDTO,
  type CampaignSaveBody,
} from '@switchboard/shared';
import { contactTags, contacts, queues, simulatorMessages, tags, ticketCycles, tickets, whatsapps } from '../../db/schema.js';
import { insertTicketWithCycle } from '../tickets/insert.js';
import { FAST_PACING } from '../../test/exactly-once-campaign.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { connectSimulator, customerWrites, phoneNumber, waitFor } from '../../test/simulator.js';
import { connectedClient, type ReceivedEvent } from '../../test/sockets.js';
import type { Socket } from 'socket.io-client';

describe('campaigns', () => {
  let s: TestServer;
  let conn: { id: number; number: string };
  let tagId: number;
  const api = (token: string, method: string, url: string, payload?: unknown) =>
    s.app.inject({ method: method as never, url, headers: bearer(token), payload: payload as never });
  const admin = (method: string, url: string, payload?: unknown) => api(s.adminToken, method, url, payload);
  const recipients = async (id: number) =>
    (await admin('GET', `/api/campaigns/${id}/recipients?limit=500`)).json<{ recipients: CampaignRecipientDTO[] }>().recipients;
  const statusOf = async (id: number, number: string) => (await recipients(id)).find((r) => r.number === number)?.status;
  const received = async (customer: string) =>
    s.database.db
      .select()
      .from(simulatorMessages)
      .where(and(eq(simulatorMessages.customer, customer), eq(simulatorMessages.sender, 'connection')));

  async function tagged(name: string): Promise<string> {
    const number = phoneNumber();
    const [c] = await s.database.db.insert(contacts).values({ name, number }).returning();
    await s.database.db.insert(contactTags).values({ contactId: c.id, tagId });
    return number;
  }
  async function create(body: Partial<CampaignSaveBody>): Promise<CampaignDTO> {
    const res = await admin('POST', '/api/campaigns', {
      name: 'Promo',
      whatsappId: conn.id,
      body: 'Olá {{firstName}}!',
      audience: { tagIds: [tagId] },
      pacing: FAST_PACING,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CampaignDTO>();
  }
  const tick = () => s.services.campaignSender.runDue(new Date());

  beforeAll(async () => {
    // The tests run the campaign job themselves, at the times they choose: the app's own scheduler
    // (real clock, every 5 s) would hand recipients over between their steps.
    s = await createTestServer({ automation: { scheduler: false } });
    conn = await connectSimulator(s);
    [{ id: tagId }] = await s.database.db
      .insert(tags)
      .values({ name: `VIP ${Date.now()}`, color: '#aa0000' })
      .returning();
  }, 120_000);
  afterAll(() => s.stop());

  it('is for admins and users granted the campaigns permission: anyone else is refused on every route', async () => {
    const plain = await s.createUser();
    const granted = await s.createUser({ campaigns: 'enabled' });
    expect((await api(granted.token, 'GET', `/api/users/${granted.id}`)).json().campaigns).toBe('enabled');
    await tagged('Alguém');
    const made = await api(granted.token, 'POST', '/api/campaigns', {
      name: 'Mine',
      whatsappId: conn.id,
      body: 'Oi',
      audience: { tagIds: [tagId] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<CampaignDTO>().id;
    expect(made.json<CampaignDTO>()).toMatchObject({ status: 'draft', pacing: DEFAULT_CAMPAIGN_PACING, user: { id: granted.id } });
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/campaigns'],
      ['GET', `/api/campaigns/${id}`],
      ['GET', `/api/campaigns/${id}/recipients`],
      ['GET', `/api/campaigns/${id}/recipients/export`],
      ['POST', '/api/campaigns', { name: 'Nope', whatsappId: conn.id, body: 'Oi', audience: { tagIds: [tagId] } }],
      ['PUT', `/api/campaigns/${id}`, { name: 'Nope', whatsappId: conn.id, body: 'Oi', audience: { tagIds: [tagId] } }],
      ['POST', `/api/campaigns/${id}/start`],
      ['POST', `/api/campaigns/${id}/pause`],
      ['POST', `/api/campaigns/${id}/resume`],
      ['POST', `/api/campaigns/${id}/cancel`],
    ];
    for (const [method, url, body] of routes) {
      const res = await api(plain.token, method, url, body);
      expect({ route: `${method} ${url}`, status: res.statusCode, error: res.json().error as unknown }).toEqual({
        route: `${method} ${url}`,
        status: 403,
        error: 'ERR_NO_PERMISSION',
      });
    }
    // Nothing changed by the refused calls.
    expect((await api(granted.token, 'GET', `/api/campaigns/${id}`)).json()).toMatchObject({ name: 'Mine', status: 'draft' });
    // A user cannot grant it to themselves.
    const self = await api(plain.token, 'PUT', `/api/users/${plain.id}`, { campaigns: 'enabled' });
    expect(self.statusCode).toBe(403);
    expect((await api(granted.token, 'POST', `/api/campaigns/${id}/cancel`)).json()).toMatchObject({ status: 'cancelled' });
  });

  it('refuses bad input and an empty audience without changing anything', async () => {
    const before = (await admin('GET', '/api/campaigns')).json<CampaignDTO[]>().length;
    const bad = await admin('POST', '/api/campaigns', { name: '', whatsappId: conn.id, body: '', audience: {} });
    expect(bad.statusCode).toBe(400);
    const gaps = await admin('POST', '/api/campaigns', {
      name: 'x',
      whatsappId: conn.id,
      body: 'x',
      audience: { tagIds: [tagId] },
      pacing: { ...FAST_PACING, minGapSeconds: 30, maxGapSeconds: 10 },
    });
    expect(gaps.statusCode).toBe(400);
    const empty = await admin('POST', '/api/campaigns', { name: 'x', whatsappId: conn.id, body: 'x', audience: { tagIds: [999_999] } });
    expect({ status: empty.statusCode, error: empty.json().error as unknown }).toEqual({
      status: 400,
      error: 'ERR_CAMPAIGN_NO_RECIPIENTS',
    });
    expect((await admin('GET', '/api/campaigns')).json<CampaignDTO[]>()).toHaveLength(before);
  });

  it('sends once to each of its audience with the variables filled in, skips the opted out, and follows statuses and replies', async () => {
    const ana = await tagged('Ana Souza');
    const bruno = await tagged('Bruno Lima');
    const carla = await tagged('Carla Dias');
    await s.database.db.update(contacts).set({ optedOutAt: new Date() }).where(eq(contacts.number, carla));
    const diana = phoneNumber();
    const campaign = await create({
      audience: {
        tagIds: [tagId],
        csv: [
          { number: diana, name: 'Diana Prince' },
          { number: ana, name: '' },
        ],
      },
    });
    expect(campaign.status).toBe('draft');
    expect(await statusOf(campaign.id, carla)).toBe('skipped');
    expect((await recipients(campaign.id)).find((r) => r.number === carla)?.reason).toBe('optedOut');

    // Bruno opts out after the campaign was written, before it starts: it is honoured.
    await customerWrites(s, conn.id, bruno, 'SAIR');
    await waitFor(async () => (await s.database.db.select().from(contacts).where(eq(contacts.number, bruno)))[0].optedOutAt);

    expect((await admin('POST', `/api/campaigns/${campaign.id}/start`)).json()).toMatchObject({ status: 'scheduled' });
    await tick();
    await waitFor(
      async () =>
        (await statusOf(campaign.id, diana)) !== 'sending' &&
        (await statusOf(campaign.id, ana)) !== 'sending' &&
        (await statusOf(campaign.id, diana)),
      15_000,
    );
    for (const n of [ana, diana]) expect(['sent', 'delivered', 'read']).toContain(await statusOf(campaign.id, n));
    expect(await statusOf(campaign.id, bruno)).toBe('skipped');
    expect(await statusOf(campaign.id, carla)).toBe('skipped');
    expect((await received(diana)).map((m) => m.body)).toEqual(['Olá Diana!']);
    expect((await received(ana)).map((m) => m.body)).toEqual(['Olá Ana!']);
    // Bruno got only the opt-out confirmation, Carla nothing.
    expect((await received(bruno)).filter((m) => m.body.startsWith('Olá'))).toEqual([]);
    expect(await received(carla)).toEqual([]);

    // The next tick finds nobody left: finished; another tick sends nothing again.
    await tick();
    await tick();
    expect((await admin('GET', `/api/campaigns/${campaign.id}`)).json()).toMatchObject({ status: 'finished', total: 5 });
    expect(await received(diana)).toHaveLength(1);

    // Diana answers: replied.
    await customerWrites(s, conn.id, diana, 'Quero saber mais');
    await waitFor(async () => (await statusOf(campaign.id, diana)) === 'replied', 10_000);
    const counts = (await admin('GET', `/api/campaigns/${campaign.id}`)).json<CampaignDTO>().counts;
    expect(counts.replied).toBe(1);
    expect(counts.skipped).toBe(2);

    const csv = await admin('GET', `/api/campaigns/${campaign.id}/recipients/export`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('name;number;status;reason');
    expect(lines.find((l) => l.includes(diana))).toContain('replied');
    expect(lines.find((l) => l.includes(carla))).toContain('skipped;optedOut');

    // A finished campaign cannot be edited or started again.
    const again = await admin('POST', `/api/campaigns/${campaign.id}/start`);
    expect({ status: again.statusCode, error: again.json().error as unknown }).toEqual({ status: 409, error: 'ERR_CAMPAIGN_STATE' });
  }, 60_000);

  it('fills each message with its own ticket’s attendant and sector, the connection, and the writer where nobody attends', async () => {
    const rita = await s.createUser({ name: 'Rita Moura' });
    const [sector] = await s.database.db.insert(queues).values({ name: 'Financeiro', color: '#00aa55' }).returning();
    // Elisa's conversation is with Rita, in Financeiro; Fábio has never written.
    const elisa = phoneNumber();
    const [elisaContact] = await s.database.db.insert(contacts).values({ name: 'Elisa Prado', number: elisa }).returning();
    const elisaTicket = await insertTicketWithCycle(
      s.database.db,
      { contactId: elisaContact.id, whatsappId: conn.id, queueId: sector.id, userId: rita.id, status: 'open' },
      new Date(),
    );
    const fabio = phoneNumber();
    const campaign = await create({
      body: '{{firstName}}|{{user}}|{{queue}}|{{connection}}|{{ticket_id}}',
      audience: {
        csv: [
          { number: elisa, name: '' },
          { number: fabio, name: 'Fábio Reis' },
        ],
      },
    });
    expect((await admin('POST', `/api/campaigns/${campaign.id}/start`)).statusCode).toBe(200);
    await tick();
    await waitFor(async () => (await received(fabio)).length > 0 && (await received(elisa)).length > 0, 15_000);
    const [connection] = await s.database.db.select({ name: whatsapps.name }).from(whatsapps).where(eq(whatsapps.id, conn.id));
    const [fabioTicket] = await s.database.db
      .select({ id: tickets.id, status: tickets.status })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(eq(contacts.number, fabio));
    // A new customer gets a closed ticket of their own, and the campaign's writer signs.
    expect(fabioTicket.status).toBe('closed');
    // Its one service cycle ended as it began, by the campaign (the dashboard's kept figures of such
    // tickets are checked against their recount in campaign-exactly-once.test.ts).
    const cycles = await s.database.db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, fabioTicket.id));
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ outcome: 'api', finishedBy: null, userId: null, queueId: null, startedAt: null });
    expect(cycles[0].finishedAt).toEqual(cycles[0].queuedAt);
    expect((await received(elisa)).map((m) => m.body)).toEqual([`Elisa|Rita Moura|Financeiro|${connection.name}|${elisaTicket.id}`]);
    expect((await received(fabio)).map((m) => m.body)).toEqual([`Fábio|${campaign.user!.name}||${connection.name}|${fabioTicket.id}`]);
  });

  it('hands nothing over while paused, and goes on after resume', async () => {
    const people = await Promise.all([1, 2, 3, 4].map((i) => tagged(`Pessoa ${i}`)));
    const campaign = await create({ name: 'Pausável', audience: { csv: people.map((number) => ({ number, name: '' })) } });
    await admin('POST', `/api/campaigns/${campaign.id}/start`);
    expect((await admin('POST', `/api/campaigns/${campaign.id}/pause`)).json()).toMatchObject({ status: 'paused' });
    await tick();
    expect((await recipients(campaign.id)).map((r) => r.status)).toEqual(['queued', 'queued', 'queued', 'queued']);
    expect((await admin('POST', `/api/campaigns/${campaign.id}/resume`)).json()).toMatchObject({ status: 'scheduled' });
    await tick();
    expect((await recipients(campaign.id)).every((r) => r.status !== 'queued')).toBe(true);
    await waitFor(async () => (await Promise.all(people.map(received))).every((m) => m.length === 1), 15_000);
  }, 60_000);

  it('stops itself when the channel refuses sends past the threshold, and says why', async () => {
    const people = Array.from({ length: 8 }, () => phoneNumber());
    for (const number of people) await s.services.simulator!.behaviours.set(number, { lidAddressed: false, refuses: '463' });
    // A number of its own: the caps count every campaign of a connection, and the others sent on theirs.
    const own = await connectSimulator(s);
    // Three an hour, stopping after three refusals: the first hour's sends are all refused.
    const campaign = await create({
      name: 'Recusada',
      whatsappId: own.id,
      audience: { csv: people.map((number) => ({ number, name: '' })) },
      pacing: { ...FAST_PACING, hourlyCap: 3, stopAfterRefusals: 3 },
    });
    await admin('POST', `/api/campaigns/${campaign.id}/start`);
    const t0 = Date.now();
    await s.services.campaignSender.runDue(new Date(t0));
    await waitFor(async () => (await recipients(campaign.id)).filter((r) => r.status === 'failed').length === 3, 15_000);
    expect((await recipients(campaign.id)).find((r) => r.status === 'failed')?.reason).toBe('463');
    // An hour later the caps would allow three more: the refusals stop it instead.
    await s.services.campaignSender.runDue(new Date(t0 + 3_600_001));
    const after = (await admin('GET', `/api/campaigns/${campaign.id}`)).json<CampaignDTO>();
    expect(after.status).toBe('stopped');
    expect(after.stopReason).toBe('refusals: 3 refused sends in a row (463)');
    expect(after.counts.queued).toBe(5);
    await s.services.campaignSender.runDue(new Date(t0 + 7_200_002));
    expect((await admin('GET', `/api/campaigns/${campaign.id}`)).json<CampaignDTO>().counts.queued).toBe(5);
  }, 60_000);

  it('counts refusals in a row: scattered ones let it finish, a run of them stops it until someone resumes it', async () => {
    const refusing = async () => {
      const number = phoneNumber();
      await s.services.simulator!.behaviours.set(number, { lidAddressed: false, refuses: '463' });
      return number;
    };
    // A number each: the caps count every campaign of a connection.
    const run = async (name: string, people: string[], pacing: Partial<CampaignPacing>) => {
      const own = await connectSimulator(s);
      const campaign = await create({
        name,
        whatsappId: own.id,
        audience: { csv: people.map((number) => ({ number, name: '' })) },
        pacing: { ...FAST_PACING, ...pacing },
      });
      await admin('POST', `/api/campaigns/${campaign.id}/start`);
      return campaign.id;
    };
    const settled = (id: number, failed: number, sent: number) =>
      waitFor(async () => {
        const shown = await recipients(id);
        return (
          shown.filter((r) => r.status === 'failed').length === failed &&
          shown.filter((r) => ['sent', 'delivered', 'read'].includes(r.status)).length === sent
        );
      }, 15_000);
    const show = async (id: number) => (await admin('GET', `/api/campaigns/${id}`)).json<CampaignDTO>();

    // Three refused of seven (numbers a channel cannot reach are normal in a list), never three in a row: it finishes.
    const scattered = await run(
      'Recusas esparsas',
      [await refusing(), phoneNumber(), await refusing(), phoneNumber(), await refusing(), phoneNumber(), phoneNumber()],
      { stopAfterRefusals: 3 },
    );
    expect(await s.services.campaignSender.runDue(new Date())).toBe(7);
    await settled(scattered, 3, 4);
    await s.services.campaignSender.runDue(new Date());
    expect(await show(scattered)).toMatchObject({ status: 'finished', stopReason: null });

    // Its last three sends refused: it stops, says why, and hands nobody else over.
    const people = [phoneNumber(), await refusing(), await refusing(), await refusing(), phoneNumber(), phoneNumber()];
    const storm = await run('Recusas seguidas', people, { stopAfterRefusals: 3, hourlyCap: 4 });
    const t0 = Date.now();
    expect(await s.services.campaignSender.runDue(new Date(t0))).toBe(4);
    await settled(storm, 3, 1);
    expect(await s.services.campaignSender.runDue(new Date(t0 + 3_600_001))).toBe(0);
    expect(await show(storm)).toMatchObject({
      status: 'stopped',
      stopReason: 'refusals: 3 refused sends in a row (463)',
      counts: { queued: 2 },
    });
    expect(await s.services.campaignSender.runDue(new Date(t0 + 7_200_002))).toBe(0);
    expect((await show(storm)).counts.queued).toBe(2);

    // Resumed by an admin, it counts afresh: the last two go.
    expect((await admin('POST', `/api/campaigns/${storm}/resume`)).json()).toMatchObject({ status: 'running', stopReason: null });
    expect(await s.services.campaignSender.runDue(new Date(Date.now() + 3_600_001))).toBe(2);
    await waitFor(async () => (await Promise.all(people.slice(4).map(received))).every((m) => m.length === 1), 15_000);
  }, 60_000);

  it('stops itself when its connection drops past the threshold, says why, and sends again only when resumed', async () => {
    const people = Array.from({ length: 5 }, () => phoneNumber());
    const own = await connectSimulator(s);
    const connection = async () => (await admin('GET', `/api/whatsapp/${own.id}`)).json<{ status: string }>().status;
    const drop = async () => {
      await s.services.simulator!.disconnect(own.number);
      await waitFor(async () => (await connection()) === 'DISCONNECTED', 10_000);
    };
    const reconnect = async () => {
      expect((await admin('POST', `/api/whatsappsession/${own.id}`)).statusCode).toBe(200);
      await waitFor(async () => (await connection()) === 'CONNECTED', 10_000);
    };
    const campaign = await create({
      name: 'Conexão instável',
      whatsappId: own.id,
      audience: { csv: people.map((number) => ({ number, name: '' })) },
      // One send per tick (a gap of ten minutes): the ticks below stand ten minutes apart.
      pacing: { ...FAST_PACING, minGapSeconds: 600, maxGapSeconds: 600, stopAfterDisconnects: 2 },
    });
    const show = async () => (await admin('GET', `/api/campaigns/${campaign.id}`)).json<CampaignDTO>();
    await admin('POST', `/api/campaigns/${campaign.id}/start`);
    const t0 = Date.now();
    const at = (step: number) => new Date(t0 + step * 600_001);
    expect(await s.services.campaignSender.runDue(at(0))).toBe(1);

    // The first drop: it waits and says so, and goes on by itself once the connection is back.
    await drop();
    expect(await s.services.campaignSender.runDue(at(1))).toBe(0);
    expect(await show()).toMatchObject({ status: 'running', waiting: { reason: 'disconnected', until: null } });
    // Still the same drop on the next tick: counted once.
    expect(await s.services.campaignSender.runDue(at(2))).toBe(0);
    expect((await show()).status).toBe('running');
    await reconnect();
    expect(await s.services.campaignSender.runDue(at(3))).toBe(1);
    expect(await show()).toMatchObject({ status: 'running', waiting: null });

    // The second drop crosses the threshold: stopped, with the reason on the campaign, and told
    // live to whoever follows campaigns (not to an attendant without the permission).
    const base = await s.listen();
    const sockets: Socket[] = [];
    const plain = await s.createUser();
    try {
      const adminEvents = (await connectedClient(base, s.adminToken, sockets)).events;
      const plainEvents = (await connectedClient(base, plain.token, sockets)).events;
      await drop();
      expect(await s.services.campaignSender.runDue(at(4))).toBe(0);
      const stopped = await show();
      expect(stopped).toMatchObject({ status: 'stopped', stopReason: 'disconnects: the connection dropped 2 times', waiting: null });
      expect(stopped.counts.queued).toBe(3);
      const told = (events: ReceivedEvent[]) =>
        events.some(
          (e) =>
            e.event === EVENTS.campaign &&
            e.payload.campaign.id === campaign.id &&
            e.payload.campaign.status === 'stopped' &&
            e.payload.campaign.stopReason === stopped.stopReason,
        );
      await waitFor(() => told(adminEvents), 10_000);
      expect(plainEvents.filter((e) => e.event === EVENTS.campaign)).toEqual([]);
    } finally {
      for (const socket of sockets) socket.close();
    }

    // The connection coming back does not restart it.
    await reconnect();
    expect(await s.services.campaignSender.runDue(at(5))).toBe(0);
    expect(await s.services.campaignSender.runDue(at(6))).toBe(0);
    expect(await show()).toMatchObject({ status: 'stopped', counts: { queued: 3 } });

    // Someone without the campaigns permission cannot resume it; an admin can, and it sends again.
    const refused = await api(plain.token, 'POST', `/api/campaigns/${campaign.id}/resume`);
    expect({ status: refused.statusCode, error: refused.json().error as unknown }).toEqual({ status: 403, error: 'ERR_NO_PERMISSION' });
    expect((await show()).status).toBe('stopped');
    expect((await admin('POST', `/api/campaigns/${campaign.id}/resume`)).json()).toMatchObject({ status: 'running', stopReason: null });
    expect(await s.services.campaignSender.runDue(at(7))).toBe(1);
    await waitFor(async () => (await Promise.all(people.slice(0, 3).map(received))).every((m) => m.length === 1), 15_000);
    expect((await show()).counts.queued).toBe(2);
  }, 60_000);

  it('keeps the random gap between two sends: ticks within it hand nothing over', async () => {
    const own = await connectSimulator(s);
    const people = [phoneNumber(), phoneNumber(), phoneNumber()];
    const campaign = await create({
      name: 'Espaçada',
      whatsappId: own.id,
      audience: { csv: people.map((number) => ({ number, name: '' })) },
      pacing: { ...FAST_PACING, minGapSeconds: 600, maxGapSeconds: 900 },
    });
    await admin('POST', `/api/campaigns/${campaign.id}/start`);
    const t0 = Date.now();
    expect(await s.services.campaignSender.runDue(new Date(t0))).toBe(1);
    expect(await s.services.campaignSender.runDue(new Date(t0 + 5_000))).toBe(0);
    expect(await s.services.campaignSender.runDue(new Date(t0 + 599_000))).toBe(0);
    expect((await recipients(campaign.id)).filter((r) => r.status === 'queued')).toHaveLength(2);
    expect(await s.services.campaignSender.runDue(new Date(t0 + 900_001))).toBe(1);
  }, 60_000);

  it('says why it waits: its start time, a pause, the pacing gap, the daily cap, closed hours, a disconnected connection', async () => {
    const own = await connectSimulator(s);
    const people = [phoneNumber(), phoneNumber(), phoneNumber()];
    const startAt = new Date(Date.now() + 86_400_000).toISOString();
    const campaign = await create({
      name: 'Esperando',
      whatsappId: own.id,
      audience: { csv: people.map((number) => ({ number, name: '' })) },
      pacing: { ...FAST_PACING, minGapSeconds: 600, maxGapSeconds: 600, dailyCap: 2 },
      startAt,
    });
    const waiting = async () => (await admin('GET', `/api/campaigns/${campaign.id}`)).json<CampaignDTO>().waiting;
    expect(campaign.waiting).toEqual({ reason: 'scheduled', until: startAt });
    expect((await admin('POST', `/api/campaigns/${campaign.id}/pause`)).json<CampaignDTO>().waiting).toEqual({
      reason: 'paused',
      until: null,
    });
    await admin('POST', `/api/campaigns/${campaign.id}/resume`);
    await admin('POST', `/api/campaigns/${campaign.id}/cancel`);
    expect(await waiting()).toBeNull();

    const again = await create({
      name: 'Esperando 2',
      whatsappId: own.id,
      audience: { csv: people.map((number) => ({ number, name: '' })) },
      pacing: { ...FAST_PACING, minGapSeconds: 600, maxGapSeconds: 600, dailyCap: 2, respectWorkHours: true },
    });
    const why = async () => (await admin('GET', `/api/campaigns/${again.id}`)).json<CampaignDTO>().waiting;
    await admin('POST', `/api/campaigns/${again.id}/start`);
    const t0 = Date.now();
    expect(await s.services.campaignSender.runDue(new Date(t0))).toBe(1);
    expect(await why()).toBeNull();
    // Within the gap: waits for it, until the time it ends.
    expect(await s.services.campaignSender.runDue(new Date(t0 + 5_000))).toBe(0);
    expect(await why()).toEqual({ reason: 'gap', until: new Date(t0 + 600_000).toISOString() });
    expect(await s.services.campaignSender.runDue(new Date(t0 + 600_001))).toBe(1);
    // Two a day: the third waits for the daily cap.
    expect(await s.services.campaignSender.runDue(new Date(t0 + 1_200_002))).toBe(0);
    expect(await why()).toEqual({ reason: 'dailyCap', until: null });

    // The connection's hours closed (every day off) come before the caps.
    const closedWeek = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
        d,
        { enabled: false, start: '08:00', end: '18:00', lunchStart: '', lunchEnd: '' },
      ]),
    );
    await s.database.db
      .update(whatsapps)
      .set({ defineWorkHours: true, workHours: closedWeek as never })
      .where(eq(whatsapps.id, own.id));
    await s.services.campaignSender.runDue(new Date(t0 + 1_200_003));
    expect(await why()).toEqual({ reason: 'hours', until: null });

    // Disconnected: says so; back and open, it goes on.
    await s.database.db.update(whatsapps).set({ status: 'DISCONNECTED' }).where(eq(whatsapps.id, own.id));
    await s.services.campaignSender.runDue(new Date(t0 + 1_200_004));
    expect(await why()).toEqual({ reason: 'disconnected', until: null });
    await s.database.db.update(whatsapps).set({ status: 'CONNECTED', defineWorkHours: false }).where(eq(whatsapps.id, own.id));
    // (Other tests' campaigns may send on this tick too: this one's recipients are counted.)
    await s.services.campaignSender.runDue(new Date(t0 + 2 * 86_400_000));
    expect((await recipients(again.id)).filter((r) => r.status === 'queued')).toHaveLength(0);
    expect(await why()).toBeNull();

    // Only admins and users granted campaigns read it.
    const plain = await s.createUser();
    expect((await api(plain.token, 'GET', `/api/campaigns/${again.id}`)).statusCode).toBe(403);
  }, 60_000);

  it('marks replied each customer answering at the same moment, on their own ticket, once', async () => {
    const numbers = [phoneNumber(), phoneNumber(), phoneNumber()];
    const outsider = phoneNumber();
    // Two of them have a waiting ticket already: their answers are stored (and marked) by the
    // one-statement write; the third's answer opens a ticket, in the transaction.
    const waiting = await Promise.all(numbers.slice(0, 2).map((n) => customerWrites(s, conn.id, n, 'Oi')));
    const campaign = await create({ name: 'Juntos', audience: { csv: numbers.map((number, i) => ({ number, name: `Cliente ${i}` })) } });
    expect((await admin('POST', `/api/campaigns/${campaign.id}/start`)).statusCode).toBe(200);
    await tick();
    await waitFor(async () => (await recipients(campaign.id)).every((r) => ['sent', 'delivered', 'read'].includes(r.status)), 15_000);

    // All write together (their reply checks share one statement); the first writes twice, and
    // someone outside the campaign writes too.
    const stored = await Promise.all([
      ...numbers.map((n) => customerWrites(s, conn.id, n, 'Tenho interesse')),
      customerWrites(s, conn.id, numbers[0], 'Mais uma coisa'),
      customerWrites(s, conn.id, outsider, 'Oi'),
    ]);
    await waitFor(async () => (await recipients(campaign.id)).every((r) => r.status === 'replied'), 10_000);
    const byNumber = new Map((await recipients(campaign.id)).map((r) => [r.number, r]));
    numbers.forEach((n, i) => expect(byNumber.get(n)?.ticketId).toBe(stored[i]!.ticket.id));
    expect(stored.slice(0, 2).map((r) => r!.ticket.id)).toEqual(waiting.map((r) => r!.ticket.id));
    // Both ways of storing were taken: marked by the write itself, and by the listener afterwards.
    // (The first customer's two messages: one marked the reply, the other nothing.)
    const marked = stored.map((r) => r!.campaignReplies?.length);
    expect([marked[0], marked[3]].sort()).toEqual([0, 1]);
    expect([marked[1], marked[2], marked[4]]).toEqual([1, undefined, undefined]);
    expect((await admin('GET', `/api/campaigns/${campaign.id}`)).json<CampaignDTO>()).toMatchObject({ total: 3, counts: { replied: 3 } });
  }, 60_000);

  it('draws its audience from contacts with an open ticket', async () => {
    const writer = phoneNumber();
    await customerWrites(s, conn.id, writer, 'Oi, tenho um ticket aberto');
    const campaign = await create({ name: 'Abertos', audience: { tickets: 'open' } });
    const [c] = await s.database.db
      .select()
      .from(contacts)
      .where(inArray(contacts.number, [writer]));
    expect((await recipients(campaign.id)).map((r) => r.contactId)).toContain(c.id);
  });
});
