/**
 * Automation end to end through the simulator, with a controlled clock: a customer on a simulated
 * phone, the API an attendant uses, and scheduler ticks run by the test.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contacts, messages, ratingRequests, ratings, ticketCycles, tickets, users } from '../db/schema.js';
import { TestClock } from '../test/clock.js';
import { ADMIN_EMAIL, bearer, createTestServer, type TestServer } from '../test/harness.js';
import { connectSimulator, customerChat, customerSends, phoneNumber, waitFor } from '../test/simulator.js';

const TZ = 'America/Sao_Paulo';
/** Monday 10:00 in São Paulo. */
const MONDAY_10 = '2025-03-10T10:00:00-03:00';
const MIN = 60_000;

describe('automation through the simulator', () => {
  const clock = new TestClock(MONDAY_10);
  let s: TestServer;
  let adminId: number;
  let sales: number;
  let billing: number;
  let conn: { id: number; number: string };

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    s.app.inject({ method, url, headers: bearer(s.adminToken), payload: payload as never });
  const setting = async (key: string, value: string) => expect((await api('PUT', `/api/settings/${key}`, { value })).statusCode).toBe(200);
  const sector = async (name: string, color: string, extra: Record<string, unknown> = {}) => {
    const res = await api('POST', '/api/queue', {
      name,
      color,
      greetingMessage: `Welcome to ${name}, {{firstName}}`,
      absenceMessage: `${name} is closed`,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const ticketOf = async (number: string) => {
    const [c] = await s.database.db.select().from(contacts).where(eq(contacts.number, number));
    const rows = c ? await s.database.db.select().from(tickets).where(eq(tickets.contactId, c.id)) : [];
    return rows.sort((a, b) => b.id - a.id)[0];
  };
  /** What the customer's phone shows from the connection. */
  const received = async (from: string, to = conn.number) =>
    (await customerChat(s, from, to)).filter((m) => m.sender === 'connection').map((m) => m.body ?? '');
  const waitReceived = (from: string, count: number, to = conn.number) =>
    waitFor(async () => {
      const got = await received(from, to);
      return got.length >= count && got;
    });

  beforeAll(async () => {
    s = await createTestServer({ clock });
    // Scheduled jobs run when the test says; automatic replies need none of them.
    await s.services.automation.scheduler.stop();
    await setting('timezone', TZ);
    [adminId] = (await s.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL))).map((u) => u.id);
    sales = await sector('Sales', '#112233');
    billing = await sector('Billing', '#445566', { startWork: '08:00', endWork: '18:00' });
    conn = await connectSimulator(s, {
      greetingMessage: '{{ms}}, {{firstName}}! Escolha:',
      ratingMessage: 'De 0 a 10, como foi o atendimento de {{user}}?',
      farewellMessage: 'Obrigado, {{name}}! Protocolo {{protocol}}',
      transferTicketMessage: 'Transferindo...',
      queueIds: [sales, billing],
    });
  });
  afterAll(() => s.stop());
  beforeEach(() => clock.set(MONDAY_10));

  const MENU = 'Bom dia, Maria! Escolha:\n\n*1* - Billing\n*2* - Sales';

  it('menu → choice → accept → resolve → rating 9 → farewell', async () => {
    const from = phoneNumber();
    const emit = vi.spyOn(s.ctx.realtime, 'emit');
    await customerSends(s, { from, to: conn.number, name: 'Maria Souza', body: 'Oi' });
    expect(await waitReceived(from, 1)).toEqual([MENU]);

    await customerSends(s, { from, to: conn.number, body: 'quero comprar' });
    expect(await waitReceived(from, 2)).toEqual([MENU, MENU]);
    expect((await ticketOf(from)).queueId).toBeNull();

    await customerSends(s, { from, to: conn.number, body: '2' });
    expect((await waitReceived(from, 3))[2]).toBe('Welcome to Sales, Maria');
    const t = await ticketOf(from);
    expect(t).toMatchObject({ queueId: sales, status: 'pending', userId: null, chatbot: false });
    const [cycle] = await s.database.db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, t.id));
    expect(cycle.queueId).toBe(sales);
    // The sector change reached the sector's room in realtime.
    expect(
      emit.mock.calls.some(
        ([rooms, event, payload]) =>
          event === 'ticket' &&
          [rooms].flat().includes(`queue:${sales}`) &&
          (payload as { ticket?: { queueId: number } }).ticket?.queueId === sales,
      ),
    ).toBe(true);
    emit.mockRestore();
    // Automatic replies leave the customer's messages unread for staff.
    expect(t.unreadMessages).toBe(3);

    expect((await api('PUT', `/api/tickets/${t.id}`, { status: 'open' })).statusCode).toBe(200);
    const sent = await api('POST', `/api/messages/${t.id}`, {
      body: '{{ms}} {{firstName}}, sou {{user.name}}. Protocolo {{protocolNumber}} de {{date}} {{hour}} em {{queue}} via {{connection}}.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await waitReceived(from, 4))[3]).toBe(
      `Bom dia Maria, sou Admin. Protocolo ${t.protocol} de 10/03/2025 10:00 em Sales via Sim ${conn.number}.`,
    );

    expect((await api('PUT', `/api/tickets/${t.id}`, { status: 'closed' })).statusCode).toBe(200);
    expect((await waitReceived(from, 5))[4]).toBe('De 0 a 10, como foi o atendimento de Admin?');
    const [request] = await s.database.db.select().from(ratingRequests).where(eq(ratingRequests.ticketId, t.id));
    expect(request).toMatchObject({ state: 'waiting', userId: adminId });
    expect(request.deadline.getTime()).toBe(clock.now().getTime() + 10 * MIN);

    clock.advance(3 * MIN);
    await customerSends(s, { from, to: conn.number, body: ' 9 ' });
    expect((await waitReceived(from, 6))[5]).toBe(`Obrigado, Maria Souza! Protocolo ${t.protocol}`);
    const rated = await s.database.db.select().from(ratings).where(eq(ratings.ticketId, t.id));
    expect(rated).toHaveLength(1);
    expect(rated[0]).toMatchObject({ rate: 9, userId: adminId, cycleId: request.cycleId });
    expect((await s.database.db.select().from(ratingRequests).where(eq(ratingRequests.id, request.id)))[0].state).toBe('rated');
    // The answer is kept in the rated (still closed) ticket; no new ticket was opened.
    const after = await ticketOf(from);
    expect(after).toMatchObject({ id: t.id, status: 'closed' });
    const answer = await s.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, t.id), eq(messages.body, ' 9 ')));
    expect(answer).toHaveLength(1);
    // The chat's timeline tells the bot's steps, the attendant's actions and the rating.
    const story = (await api('GET', `/api/tickets/${t.id}/events`)).json<
      { kind: string; toQueue: { name: string } | null; rate: number | null }[]
    >();
    expect(story.map((e) => e.kind)).toEqual(['bot-menu', 'bot-sector', 'accepted', 'resolved', 'rated']);
    expect(story[1].toQueue).toMatchObject({ name: 'Sales' });
    expect(story[4].rate).toBe(9);
  });

  it('a non-numeric answer to the rating request is a normal message: the ticket reopens', async () => {
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, name: 'Maria', body: 'Oi' });
    await customerSends(s, { from, to: conn.number, body: '1' });
    const t = await ticketOf(from);
    expect(t.queueId).toBe(billing);
    await api('PUT', `/api/tickets/${t.id}`, { status: 'open' });
    await api('PUT', `/api/tickets/${t.id}`, { status: 'closed' });
    await waitReceived(from, 3);

    await customerSends(s, { from, to: conn.number, body: 'obrigado!' });
    const reopened = await ticketOf(from);
    expect(reopened).toMatchObject({ id: t.id, status: 'pending', lastMessage: 'obrigado!' });
    expect(await s.database.db.select().from(ratings).where(eq(ratings.ticketId, t.id))).toHaveLength(0);
    const [request] = await s.database.db.select().from(ratingRequests).where(eq(ratingRequests.ticketId, t.id));
    expect(request.state).toBe('expired');
    // A number now is no rating any more.
    await customerSends(s, { from, to: conn.number, body: '8' });
    expect(await s.database.db.select().from(ratings).where(eq(ratings.ticketId, t.id))).toHaveLength(0);
  });

  it('a late answer is a normal message; the window expires on its own', async () => {
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, body: 'Oi' });
    await customerSends(s, { from, to: conn.number, body: '1' });
    const t = await ticketOf(from);
    await api('PUT', `/api/tickets/${t.id}`, { status: 'open' });
    await api('PUT', `/api/tickets/${t.id}`, { status: 'closed' });
    clock.advance(9 * MIN);
    expect((await s.services.automation.runDueJobs()).done.ratingWindows).toBe(0);
    clock.advance(1 * MIN);
    expect((await s.services.automation.runDueJobs()).done.ratingWindows).toBe(1);
    expect((await s.database.db.select().from(ratingRequests).where(eq(ratingRequests.ticketId, t.id)))[0].state).toBe('expired');
    await customerSends(s, { from, to: conn.number, body: '10' });
    expect(await s.database.db.select().from(ratings).where(eq(ratings.ticketId, t.id))).toHaveLength(0);
    expect((await ticketOf(from)).status).toBe('pending');
  });

  it('`#` on a ticket without attendant returns to the menu', async () => {
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, name: 'Maria', body: 'Oi' });
    await customerSends(s, { from, to: conn.number, body: '2' });
    expect((await ticketOf(from)).queueId).toBe(sales);
    await customerSends(s, { from, to: conn.number, body: '#' });
    expect(await ticketOf(from)).toMatchObject({ queueId: null, chatbot: true });
    expect(await waitReceived(from, 3)).toEqual([MENU, 'Welcome to Sales, Maria', MENU]);
  });

  it('a choice outside the sector hours gets the absence message and the menu stays', async () => {
    clock.set('2025-03-10T19:00:00-03:00');
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, name: 'Maria', body: 'Oi' });
    await customerSends(s, { from, to: conn.number, body: '1' });
    expect(await ticketOf(from)).toMatchObject({ queueId: null, chatbot: true });
    expect((await waitReceived(from, 2))[1]).toBe('Billing is closed');
  });

  it('transfer to a sector: the transfer message and the sector greeting', async () => {
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, name: 'Maria', body: 'Oi' });
    await customerSends(s, { from, to: conn.number, body: '2' });
    const t = await ticketOf(from);
    await api('PUT', `/api/tickets/${t.id}`, { status: 'open' });
    const res = await api('PUT', `/api/tickets/${t.id}`, { queueId: billing, userId: null, transf: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await waitReceived(from, 3))[2]).toBe('Transferindo...\n\nWelcome to Billing, Maria');
    expect(await ticketOf(from)).toMatchObject({ queueId: billing, status: 'pending', userId: null });
  });

  it('"Olá", "7", "1" sent together: the menu at once, then "1" picks sector 1 (no quiet period)', async () => {
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, name: 'Maria', body: 'Olá' });
    await customerSends(s, { from, to: conn.number, body: '7' });
    await customerSends(s, { from, to: conn.number, body: '1' });
    // No clock advance and no scheduler tick: every decision is made as the messages arrive.
    await waitFor(async () => (await ticketOf(from))?.queueId === billing);
    expect(await ticketOf(from)).toMatchObject({ queueId: billing, chatbot: false, status: 'pending' });
    const got = await waitFor(async () => {
      const texts = await received(from);
      return texts.at(-1)?.endsWith('Welcome to Billing, Maria') && texts;
    });
    expect(got[0].startsWith(MENU)).toBe(true);
    // The invalid "7" repeats the menu at most once; nothing more is sent.
    const menus = got.join('\n\n').split(MENU).length - 1;
    expect(menus).toBeGreaterThanOrEqual(1);
    expect(menus).toBeLessThanOrEqual(2);
    expect(got.join('\n\n').split('Welcome to Billing, Maria').length - 1).toBe(1);
  });

  it('"Olá" and "1" typed together by a returning customer pick the sector; an invalid option keeps the menu', async () => {
    const returning = phoneNumber();
    await customerSends(s, { from: returning, to: conn.number, name: 'Maria', body: 'Olá' });
    await customerSends(s, { from: returning, to: conn.number, body: '2' });
    await waitFor(async () => (await ticketOf(returning))?.queueId === sales);
    // The sector is chosen before its greeting reaches the phone: wait for the greeting itself.
    const welcomed = await waitFor(async () => {
      const texts = await received(returning);
      return /Welcome to Sales, Maria$/.test(texts.at(-1) ?? '') && texts;
    });
    expect(welcomed.at(-1)).toMatch(/Welcome to Sales, Maria$/);

    const lost = phoneNumber();
    await customerSends(s, { from: lost, to: conn.number, name: 'Maria', body: 'Olá' });
    await customerSends(s, { from: lost, to: conn.number, body: '9' });
    const got = await waitFor(async () => {
      const texts = await received(lost);
      return texts.join('\n\n').split(MENU).length - 1 === 2 && texts;
    });
    expect(got.every((t) => t.startsWith(MENU))).toBe(true);
    expect(await ticketOf(lost)).toMatchObject({ queueId: null, chatbot: true });
  });

  it('sectorless tickets go to the default sector after timeSendQueue, announced in realtime', async () => {
    expect((await api('PUT', `/api/whatsapp/${conn.id}`, { defaultQueueId: sales })).statusCode).toBe(200);
    await setting('timeSendQueue', '300');
    try {
      const from = phoneNumber();
      await customerSends(s, { from, to: conn.number, body: 'Oi' });
      const t = await ticketOf(from);
      expect(t.queueId).toBeNull();
      clock.advance(299_000);
      expect((await s.services.automation.runDueJobs()).done.directing).toBe(0);
      const emit = vi.spyOn(s.ctx.realtime, 'emit');
      clock.advance(1000);
      expect((await s.services.automation.runDueJobs()).done.directing).toBeGreaterThanOrEqual(1);
      expect(await ticketOf(from)).toMatchObject({ id: t.id, queueId: sales, chatbot: false });
      const cycles = await s.database.db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, t.id));
      expect(cycles.at(-1)!.queueId).toBe(sales);
      expect(
        emit.mock.calls.some(
          ([, event, p]) =>
            event === 'ticket' &&
            (p as { ticket?: { id: number; queueId: number } }).ticket?.id === t.id &&
            (p as { ticket: { queueId: number } }).ticket.queueId === sales,
        ),
      ).toBe(true);
      emit.mockRestore();
    } finally {
      await setting('timeSendQueue', '0');
      await api('PUT', `/api/whatsapp/${conn.id}`, { defaultQueueId: null });
    }
  });

  describe('a connection with work hours and inactivity', () => {
    let other: { id: number; number: string };
    beforeAll(async () => {
      other = await connectSimulator(s, {
        defineWorkHours: true,
        outOfWorkMessage: 'Estamos fechados. Voltamos às 08:00.',
        timeInactiveMessage: 0.25,
        sendInactiveMessage: true,
        inactiveMessage: 'Encerrando por inatividade, {{firstName}}.',
      });
    });

    it('out-of-hours notice once per closed period', async () => {
      clock.set('2025-03-10T20:00:00-03:00');
      const from = phoneNumber();
      await customerSends(s, { from, to: other.number, name: 'Ana', body: 'Oi' });
      await customerSends(s, { from, to: other.number, body: 'alguém?' });
      clock.set('2025-03-11T07:30:00-03:00');
      await customerSends(s, { from, to: other.number, body: 'bom dia?' });
      expect(await waitReceived(from, 1, other.number)).toEqual(['Estamos fechados. Voltamos às 08:00.']);
      // Lunch is a new closed period.
      clock.set('2025-03-11T12:15:00-03:00');
      await customerSends(s, { from, to: other.number, body: 'e agora?' });
      expect(await waitReceived(from, 2, other.number)).toHaveLength(2);
      expect(await received(from, other.number)).toHaveLength(2);
    });

    it('an open ticket waiting on the customer is closed after the inactive message', async () => {
      const from = phoneNumber();
      await customerSends(s, { from, to: other.number, name: 'Ana Lima', body: 'Oi' });
      const t = await ticketOf(from);
      await api('PUT', `/api/tickets/${t.id}`, { status: 'open' });
      await api('POST', `/api/messages/${t.id}`, { body: 'Posso ajudar?' });
      clock.advance(15 * MIN - 1000);
      expect((await s.services.automation.runDueJobs()).done.inactivity).toBe(0);
      clock.advance(1000);
      expect((await s.services.automation.runDueJobs()).done.inactivity).toBe(1);
      expect((await s.services.automation.runDueJobs()).done.inactivity).toBe(0);
      expect((await ticketOf(from)).status).toBe('closed');
      const cycles = await s.database.db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, t.id));
      expect(cycles.at(-1)).toMatchObject({ outcome: 'inactive' });
      expect(await waitReceived(from, 2, other.number)).toEqual(['Posso ajudar?', 'Encerrando por inatividade, Ana.']);
    });

    it('without sendInactiveMessage the ticket closes silently; a customer reply keeps it open', async () => {
      expect((await api('PUT', `/api/whatsapp/${other.id}`, { sendInactiveMessage: false })).statusCode).toBe(200);
      const quiet = phoneNumber();
      const talking = phoneNumber();
      for (const from of [quiet, talking]) {
        await customerSends(s, { from, to: other.number, body: 'Oi' });
        const t = await ticketOf(from);
        await api('PUT', `/api/tickets/${t.id}`, { status: 'open' });
        await api('POST', `/api/messages/${t.id}`, { body: 'Posso ajudar?' });
      }
      clock.advance(10 * MIN);
      await customerSends(s, { from: talking, to: other.number, body: 'um momento' });
      clock.advance(5 * MIN);
      await s.services.automation.runDueJobs();
      expect((await ticketOf(quiet)).status).toBe('closed');
      expect((await ticketOf(talking)).status).toBe('open');
      await s.services.outbox.idle();
      expect(await received(quiet, other.number)).toEqual(['Posso ajudar?']);
    });
  });

  it('calls while calls are disabled: the caller gets the automatic text, the call shows as missed', async () => {
    await setting('call', 'disabled');
    try {
      const from = phoneNumber();
      const res = await api('POST', '/api/simulator/calls', { from, to: conn.number });
      expect(res.statusCode, res.body).toBe(201);
      expect(await waitReceived(from, 1)).toEqual([
        'As chamadas de voz e vídeo estão desativadas. Por favor, envie uma mensagem de texto.',
      ]);
      const t = await ticketOf(from);
      const rows = await s.database.db.select().from(messages).where(eq(messages.ticketId, t.id));
      expect(rows.filter((m) => m.mediaType === 'call_log')).toHaveLength(1);
    } finally {
      await setting('call', 'enabled');
    }
    // The text follows the company's language setting.
    await setting('call', 'disabled');
    await setting('language', 'es');
    try {
      const from = phoneNumber();
      await api('POST', '/api/simulator/calls', { from, to: conn.number });
      expect(await waitReceived(from, 1)).toEqual([
        'Las llamadas de voz y video están desactivadas. Por favor, envíe un mensaje de texto.',
      ]);
    } finally {
      await setting('call', 'enabled');
      await setting('language', 'pt');
    }
    // Enabled: a call gets no text.
    const from = phoneNumber();
    await api('POST', '/api/simulator/calls', { from, to: conn.number });
    await s.services.outbox.idle();
    expect(await received(from)).toEqual([]);
  });

  it.each([
    ['en', 'Good morning, Carla! Escolha:'],
    ['es', 'Buenos días, Carla! Escolha:'],
    ['pt', 'Bom dia, Carla! Escolha:'],
  ])('the greeting variable follows the company language (%s)', async (language, greeting) => {
    await setting('language', language);
    try {
      const from = phoneNumber();
      await customerSends(s, { from, to: conn.number, name: 'Carla Dias', body: 'Hello' });
      expect((await waitReceived(from, 1))[0]).toBe(`${greeting}\n\n*1* - Billing\n*2* - Sales`);
    } finally {
      await setting('language', 'pt');
    }
  });
});
