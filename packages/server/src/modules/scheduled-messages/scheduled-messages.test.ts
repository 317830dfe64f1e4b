/**
 * Scheduled messages through the product: scheduled in a chat by the API, queued by the scheduler
 * job when due (once, also when the job runs again), delivered to the simulated customer by the
 * outbox; repeating ones, editing and cancelling, the calendar, who may do what, and sends that
 * cannot go (a closed ticket) failing visibly.
 */
import { EVENTS, type ScheduledCalendarDTO, type ScheduledMessageDTO } from '@switchboard/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contacts, messages, scheduledMessages, tickets } from '../../db/schema.js';
import { TestClock } from '../../test/clock.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { apiCaller, expectFieldError, type Method } from '../../test/http.js';
import { connectSimulator, customerChat, customerSends, phoneNumber, waitFor } from '../../test/simulator.js';

const HOUR = 3600_000;
const ZONE = 'America/Sao_Paulo';

describe('scheduled messages', () => {
  let s: TestServer;
  // Moved by the test; it starts at 10:00 of 10 March 2025 in São Paulo (13:00 UTC).
  const clock = new TestClock('2025-03-10T13:00:00Z');
  const api = apiCaller(() => s);
  let conn: { id: number; number: string };
  let agent: { id: number; token: string };

  beforeAll(async () => {
    s = await createTestServer({ clock });
    await api('PUT', '/settings/timezone', s.adminToken, { value: ZONE });
    conn = await connectSimulator(s);
    agent = await s.createUser();
  });
  afterAll(() => s.stop());

  /** A customer (Ana) writes; the admin accepts the ticket (it is then the admin's: the agent cannot see it). */
  const chatWithCustomer = async () => {
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, name: 'Ana', body: 'Oi' });
    const ticketId = await waitFor(async () => {
      const [row] = await s.database.db
        .select({ id: tickets.id })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(eq(contacts.number, from));
      return row?.id;
    });
    const accepted = await api('PUT', `/tickets/${ticketId}`, s.adminToken, { status: 'open' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { from, ticketId };
  };
  const schedule = async (ticketId: number, body: Record<string, unknown>, token = s.adminToken) => {
    const res = await api('POST', `/tickets/${ticketId}/scheduledMessages`, token, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ScheduledMessageDTO>();
  };
  const rowsWith = async (ticketId: number, body: string) =>
    s.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.body, body)));
  const run = () => s.services.automation.runDueJobs(clock.now());

  it('sends a one-off message at its time in the company time zone, once, through the outbox', async () => {
    clock.set('2025-03-10T13:00:00Z');
    const { from, ticketId } = await chatWithCustomer();
    const created = await schedule(ticketId, { body: 'Bom dia {{name}}, seu pedido chegou', sendAt: '2025-03-10T14:30' });
    // 14:30 in São Paulo (UTC−3) is 17:30 UTC.
    expect(created).toMatchObject({
      status: 'scheduled',
      nextAt: '2025-03-10T17:30:00.000Z',
      nextLocalAt: '2025-03-10T14:30',
      timeZone: ZONE,
      sentCount: 0,
      recurrence: 'none',
    });

    clock.set('2025-03-10T17:29:00Z');
    await run();
    expect(await rowsWith(ticketId, 'Bom dia Ana, seu pedido chegou')).toHaveLength(0);

    clock.set('2025-03-10T17:30:00Z');
    const emitted = vi.spyOn(s.ctx.realtime, 'emit');
    const tick = await run();
    expect(tick.done.scheduledMessages).toBe(1);
    // The variables are filled when it goes, and it is announced in the chat like any reply.
    const [sent] = await rowsWith(ticketId, 'Bom dia Ana, seu pedido chegou');
    expect(sent).toMatchObject({ fromMe: true, userId: 1 });
    expect(
      emitted.mock.calls.some(
        ([, event, payload]) =>
          event === EVENTS.scheduledMessage && (payload as { scheduledMessage: ScheduledMessageDTO }).scheduledMessage.status === 'done',
      ),
    ).toBe(true);
    emitted.mockRestore();

    // Running again (a second tick, a second process) queues nothing more.
    await run();
    clock.advance(HOUR);
    await run();
    expect(await rowsWith(ticketId, 'Bom dia Ana, seu pedido chegou')).toHaveLength(1);
    await waitFor(async () => (await customerChat(s, from, conn.number)).some((m) => m.body === 'Bom dia Ana, seu pedido chegou'));
    const list = (await api('GET', `/tickets/${ticketId}/scheduledMessages`, s.adminToken)).json<ScheduledMessageDTO[]>();
    expect(list).toEqual([expect.objectContaining({ id: created.id, status: 'done', sentCount: 1, lastError: null })]);
  });

  it('repeats daily at the same wall time until its last day, skipping sends missed while down', async () => {
    clock.set('2025-03-10T13:00:00Z');
    const { ticketId } = await chatWithCustomer();
    const created = await schedule(ticketId, {
      body: 'Lembrete diário',
      sendAt: '2025-03-10T18:00',
      recurrence: 'daily',
      until: '2025-03-14',
    });

    clock.set('2025-03-10T21:00:00Z');
    await run();
    let [row] = await s.database.db.select().from(scheduledMessages).where(eq(scheduledMessages.id, created.id));
    expect(row).toMatchObject({ status: 'scheduled', occurrence: 1, sentCount: 1 });
    expect(row.nextAt.toISOString()).toBe('2025-03-11T21:00:00.000Z');

    // No server ran on the 11th and 12th: one send on the 13th stands for them, then the 14th, then it ends.
    clock.set('2025-03-13T21:05:00Z');
    await run();
    [row] = await s.database.db.select().from(scheduledMessages).where(eq(scheduledMessages.id, created.id));
    expect(row).toMatchObject({ status: 'scheduled', occurrence: 4, sentCount: 2 });
    clock.set('2025-03-14T21:00:00Z');
    await run();
    clock.set('2025-03-20T21:00:00Z');
    await run();
    [row] = await s.database.db.select().from(scheduledMessages).where(eq(scheduledMessages.id, created.id));
    expect(row).toMatchObject({ status: 'done', sentCount: 3 });
    expect(await rowsWith(ticketId, 'Lembrete diário')).toHaveLength(3);
  });

  it('edits and cancels; a cancelled message is never sent and a sent one can no longer change', async () => {
    clock.set('2025-03-10T13:00:00Z');
    const { ticketId } = await chatWithCustomer();
    const a = await schedule(ticketId, { body: 'Primeira versão', sendAt: '2025-03-10T15:00' });
    const edited = await api('PUT', `/scheduledMessages/${a.id}`, s.adminToken, { body: 'Versão corrigida', sendAt: '2025-03-10T16:00' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ body: 'Versão corrigida', nextLocalAt: '2025-03-10T16:00' });
    const b = await schedule(ticketId, { body: 'Será cancelada', sendAt: '2025-03-10T15:00' });
    const cancelled = await api('DELETE', `/scheduledMessages/${b.id}`, s.adminToken);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });

    clock.set('2025-03-10T19:00:00Z');
    await run();
    expect(await rowsWith(ticketId, 'Versão corrigida')).toHaveLength(1);
    expect(await rowsWith(ticketId, 'Primeira versão')).toHaveLength(0);
    expect(await rowsWith(ticketId, 'Será cancelada')).toHaveLength(0);
    const late = await api('PUT', `/scheduledMessages/${a.id}`, s.adminToken, { body: 'Tarde demais', sendAt: '2025-03-11T16:00' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('ERR_SCHEDULE_NOT_PENDING');
    expect((await api('DELETE', `/scheduledMessages/${b.id}`, s.adminToken)).statusCode).toBe(409);
    // The chat's list leaves cancelled ones out.
    const list = (await api('GET', `/tickets/${ticketId}/scheduledMessages`, s.adminToken)).json<ScheduledMessageDTO[]>();
    expect(list.map((x) => x.id)).toEqual([a.id]);
  });

  it('fails visibly when the ticket was closed by the time the message came due', async () => {
    clock.set('2025-03-10T13:00:00Z');
    const { ticketId } = await chatWithCustomer();
    const created = await schedule(ticketId, {
      body: 'Depois do fechamento',
      sendAt: '2025-03-10T12:00',
      recurrence: 'weekly',
      until: '2025-04-30',
    });
    expect((await api('PUT', `/tickets/${ticketId}`, s.adminToken, { status: 'closed' })).statusCode).toBe(200);
    clock.set('2025-03-10T15:30:00Z');
    await run();
    expect(await rowsWith(ticketId, 'Depois do fechamento')).toHaveLength(0);
    const [shown] = (await api('GET', `/tickets/${ticketId}/scheduledMessages`, s.adminToken)).json<ScheduledMessageDTO[]>();
    expect(shown).toMatchObject({ id: created.id, status: 'failed', lastError: 'ERR_SCHEDULE_TICKET_CLOSED', sentCount: 0 });
    // It stays failed (no retry loop) until someone changes it.
    clock.advance(7 * 24 * HOUR);
    await run();
    expect((await s.database.db.select().from(scheduledMessages).where(eq(scheduledMessages.id, created.id)))[0].status).toBe('failed');
  });

  it('refuses bad input with a validation message and stores nothing', async () => {
    clock.set('2025-03-10T13:00:00Z');
    const { ticketId } = await chatWithCustomer();
    expectFieldError(
      await api('POST', `/tickets/${ticketId}/scheduledMessages`, s.adminToken, { body: 'x', sendAt: '2025-02-30T10:00' }),
      'body.sendAt',
      'Invalid date and time',
    );
    expectFieldError(
      await api('POST', `/tickets/${ticketId}/scheduledMessages`, s.adminToken, { body: 'x', sendAt: 'tomorrow' }),
      'body.sendAt',
      'Invalid date and time',
    );
    expectFieldError(
      await api('POST', `/tickets/${ticketId}/scheduledMessages`, s.adminToken, { body: '  ', sendAt: '2025-03-11T10:00' }),
      'body.body',
      'Required',
    );
    expectFieldError(
      await api('POST', `/tickets/${ticketId}/scheduledMessages`, s.adminToken, {
        body: 'x',
        sendAt: '2025-03-11T10:00',
        recurrence: 'daily',
      }),
      'body.until',
      'A repeating message needs an end date',
    );
    expectFieldError(
      await api('POST', `/tickets/${ticketId}/scheduledMessages`, s.adminToken, {
        body: 'x',
        sendAt: '2025-03-11T10:00',
        recurrence: 'weekly',
        until: '2025-03-01',
      }),
      'body.until',
      'The end is before the first send',
    );
    expect(
      (
        await api('POST', `/tickets/${ticketId}/scheduledMessages`, s.adminToken, {
          body: 'x',
          sendAt: '2025-03-11T10:00',
          recurrence: 'hourly',
          until: '2025-03-12',
        })
      ).statusCode,
    ).toBe(400);
    // 09:59 in São Paulo is a minute ago.
    const past = await api('POST', `/tickets/${ticketId}/scheduledMessages`, s.adminToken, { body: 'x', sendAt: '2025-03-10T09:59' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await api('GET', '/scheduledMessages?from=2025-03-10&to=2025-01-01', s.adminToken)).statusCode).toBe(400);
    expect((await api('GET', '/scheduledMessages?from=2025-01-01&to=2025-12-31', s.adminToken)).statusCode).toBe(400);
    expect(await s.database.db.select().from(scheduledMessages).where(eq(scheduledMessages.ticketId, ticketId))).toHaveLength(0);
  });

  it('shows every send of the asked days on the calendar, including the repeats to come', async () => {
    clock.set('2025-03-10T13:00:00Z');
    const { ticketId } = await chatWithCustomer();
    const weekly = await schedule(ticketId, {
      body: 'Toda segunda',
      sendAt: '2025-03-17T09:00',
      recurrence: 'weekly',
      until: '2025-04-30',
    });
    const monthly = await schedule(ticketId, {
      body: 'Todo dia 31',
      sendAt: '2025-03-31T08:00',
      recurrence: 'monthly',
      until: '2025-12-31',
    });
    const march = (await api('GET', '/scheduledMessages?from=2025-03-01&to=2025-03-31', s.adminToken)).json<ScheduledCalendarDTO>();
    expect(march.timeZone).toBe(ZONE);
    const localOf = (id: number, cal: ScheduledCalendarDTO) =>
      cal.occurrences.filter((o) => o.scheduledMessageId === id).map((o) => o.localAt);
    expect(localOf(weekly.id, march)).toEqual(['2025-03-17T09:00', '2025-03-24T09:00', '2025-03-31T09:00']);
    expect(localOf(monthly.id, march)).toEqual(['2025-03-31T08:00']);
    const april = (await api('GET', '/scheduledMessages?from=2025-04-01&to=2025-04-30', s.adminToken)).json<ScheduledCalendarDTO>();
    // April has 30 days: the "31st" falls on its last day.
    expect(localOf(monthly.id, april)).toEqual(['2025-04-30T08:00']);
    expect(localOf(weekly.id, april)).toEqual(['2025-04-07T09:00', '2025-04-14T09:00', '2025-04-21T09:00', '2025-04-28T09:00']);
    expect(april.scheduledMessages.find((m) => m.id === weekly.id)).toMatchObject({ contact: expect.objectContaining({ name: 'Ana' }) });
    // The agent sees nothing of a ticket that is the admin's.
    const agents = (await api('GET', '/scheduledMessages?from=2025-04-01&to=2025-04-30', agent.token)).json<ScheduledCalendarDTO>();
    expect(agents.occurrences.filter((o) => o.scheduledMessageId === weekly.id)).toEqual([]);
  });

  describe('access', () => {
    it.each<[Method, string, unknown?]>([
      ['GET', '/scheduledMessages?from=2025-03-01&to=2025-03-31'],
      ['GET', '/tickets/1/scheduledMessages'],
      ['POST', '/tickets/1/scheduledMessages', { body: 'x', sendAt: '2030-01-01T10:00' }],
      ['PUT', '/scheduledMessages/1', { body: 'x', sendAt: '2030-01-01T10:00' }],
      ['DELETE', '/scheduledMessages/1'],
    ])('%s %s without a token → 401', async (method, url, payload) => {
      expect((await api(method, url, null, payload)).statusCode).toBe(401);
    });

    it('refuses an attendant on a ticket they may not see, changing nothing; once it is theirs they manage it', async () => {
      clock.set('2025-03-10T13:00:00Z');
      const { ticketId } = await chatWithCustomer();
      const adminsOwn = await schedule(ticketId, { body: 'Do admin', sendAt: '2025-03-12T10:00' });
      const body = { body: 'Do atendente', sendAt: '2025-03-12T11:00' };
      const refusals = [
        await api('GET', `/tickets/${ticketId}/scheduledMessages`, agent.token),
        await api('POST', `/tickets/${ticketId}/scheduledMessages`, agent.token, body),
        await api('PUT', `/scheduledMessages/${adminsOwn.id}`, agent.token, body),
        await api('DELETE', `/scheduledMessages/${adminsOwn.id}`, agent.token),
      ];
      expect(refusals.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
      const [row] = await s.database.db.select().from(scheduledMessages).where(eq(scheduledMessages.id, adminsOwn.id));
      expect(row).toMatchObject({ body: 'Do admin', status: 'scheduled' });
      expect(await s.database.db.select().from(scheduledMessages).where(eq(scheduledMessages.ticketId, ticketId))).toHaveLength(1);

      // Transferred to the attendant: now they see, edit and cancel what is scheduled on it.
      expect((await api('PUT', `/tickets/${ticketId}`, s.adminToken, { userId: agent.id })).statusCode).toBe(200);
      const mine = await schedule(ticketId, body, agent.token);
      expect(mine.user).toMatchObject({ id: agent.id });
      expect(
        (await api('PUT', `/scheduledMessages/${adminsOwn.id}`, agent.token, { body: 'Ajustada', sendAt: '2025-03-12T10:30' })).statusCode,
      ).toBe(200);
      expect((await api('DELETE', `/scheduledMessages/${mine.id}`, agent.token)).json()).toMatchObject({ status: 'cancelled' });
    });
  });
});
