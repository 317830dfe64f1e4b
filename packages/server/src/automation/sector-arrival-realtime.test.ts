/**
 * A new customer's messages reach the attendants of the sector the automation puts the ticket in
 * (real Socket.IO clients): the ticket is created without sector, so its first messages go out
 * before anyone of the sector may see it; when it enters the sector they get them too.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestServer, type TestServer } from '../test/harness.js';
import { connectSimulator, customerSends, phoneNumber, waitFor } from '../test/simulator.js';
import { connectedClient, type ReceivedEvent } from '../test/sockets.js';

describe('a new ticket entering a sector, in realtime', () => {
  let s: TestServer;
  let base: string;
  let sales: number;
  let billing: number;
  const sockets: Socket[] = [];

  const listen = async (token: string) => (await connectedClient(base, token, sockets)).events;

  const sector = async (name: string, color: string) => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/queue',
      headers: bearer(s.adminToken),
      // Open all day: the test runs at any hour.
      payload: { name, color, greetingMessage: `Welcome to ${name}`, startWork: '00:00', endWork: '23:59' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  const messagesOf = (events: ReceivedEvent[], ticketId?: number) =>
    events.filter((e) => e.event === 'appMessage' && (ticketId == null || e.payload.ticket.id === ticketId));

  beforeAll(async () => {
    s = await createTestServer();
    base = await s.listen();
    // Scheduled jobs (directing) run when the test says.
    await s.services.automation.scheduler.stop();
    sales = await sector('Sales', '#112233');
    billing = await sector('Billing', '#445566');
  });
  afterAll(async () => {
    for (const so of sockets) so.close();
    await s.stop();
  });

  it("on a one-sector connection, the sector's attendant receives the customer's first message", async () => {
    const conn = await connectSimulator(s, { queueIds: [sales] });
    const alice = await s.createUser({ queueIds: [sales] });
    const carol = await s.createUser({ queueIds: [billing] });
    const a = await listen(alice.token);
    const c = await listen(carol.token);

    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, name: 'Maria', body: 'hello, first message' });

    const first = await waitFor(() => messagesOf(a).find((e) => e.payload.message.body === 'hello, first message'));
    expect(first.payload.action).toBe('create');
    expect(first.payload.message.fromMe).toBe(false);
    expect(first.payload.ticket).toMatchObject({ queueId: sales, userId: null, status: 'pending' });
    // The sector's greeting follows, after the customer's message.
    await waitFor(() => messagesOf(a).find((e) => e.payload.message.body === 'Welcome to Sales'));
    const bodies = messagesOf(a, first.payload.ticket.id).map((e) => e.payload.message.body);
    expect(bodies.indexOf('hello, first message')).toBeLessThan(bodies.indexOf('Welcome to Sales'));

    // The next message goes to the sector directly, once.
    await customerSends(s, { from, to: conn.number, body: 'second' });
    await waitFor(() => messagesOf(a).find((e) => e.payload.message.body === 'second'));
    expect(messagesOf(a).filter((e) => e.payload.message.body === 'second')).toHaveLength(1);
    expect(messagesOf(a).filter((e) => e.payload.message.body === 'hello, first message')).toHaveLength(1);
    // Another sector's attendant hears nothing of it.
    expect(c.filter((e) => e.event === 'appMessage' || e.event === 'ticket')).toEqual([]);
  });

  it('on a menu connection, the chosen sector gets the ticket with the messages that led there', async () => {
    const conn = await connectSimulator(s, { greetingMessage: 'Choose:', queueIds: [sales, billing] });
    const alice = await s.createUser({ queueIds: [sales] });
    const a = await listen(alice.token);
    const admin = await listen(s.adminToken);

    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, name: 'João', body: 'hi there' });
    // The menu waits for the customer without sector: only those who see sectorless tickets know.
    await waitFor(() => messagesOf(admin).find((e) => e.payload.message.body.startsWith('Choose:')));
    expect(messagesOf(a)).toEqual([]);

    await customerSends(s, { from, to: conn.number, body: '2' }); // Sales (menu order: Billing, Sales)
    const moved = await waitFor(() => a.find((e) => e.event === 'ticket' && e.payload.ticket?.queueId === sales));
    const ticketId = moved.payload.ticket.id as number;
    await waitFor(() => messagesOf(a, ticketId).find((e) => e.payload.message.body === 'Welcome to Sales'));
    const bodies = messagesOf(a, ticketId)
      .filter((e) => e.payload.action === 'create')
      .map((e) => e.payload.message.body);
    // The customer's messages, in order, each with the ticket as it is now, before the greeting.
    expect(bodies).toEqual(['hi there', '2', 'Welcome to Sales']);
    for (const e of messagesOf(a, ticketId)) expect(e.payload.ticket.queueId).toBe(sales);
    // The admin saw them as they came and is not told twice.
    expect(messagesOf(admin, ticketId).filter((e) => e.payload.message.body === 'hi there')).toHaveLength(1);

    // And the chat the attendant opens shows the whole conversation.
    const res = await s.app.inject({ method: 'GET', url: `/api/messages/${ticketId}`, headers: bearer(alice.token) });
    expect(res.statusCode, res.body).toBe(200);
    const chat = (res.json().messages as { body: string }[]).map((m) => m.body);
    expect(chat).toEqual(expect.arrayContaining(['hi there', '2', 'Welcome to Sales']));
    expect(chat.some((b) => b.startsWith('Choose:'))).toBe(true);
  });

  it('directed to the default sector after the wait, the sector gets the ticket and the waiting message', async () => {
    const conn = await connectSimulator(s);
    const admin = (method: 'PUT', url: string, payload: unknown) =>
      s.app.inject({ method, url, headers: bearer(s.adminToken), payload: payload as never });
    expect((await admin('PUT', `/api/whatsapp/${conn.id}`, { defaultQueueId: billing })).statusCode).toBe(200);
    expect((await admin('PUT', '/api/settings/timeSendQueue', { value: '60' })).statusCode).toBe(200);
    try {
      const carol = await s.createUser({ queueIds: [billing] });
      const c = await listen(carol.token);
      const from = phoneNumber();
      await customerSends(s, { from, to: conn.number, body: 'anyone there?' });
      expect(messagesOf(c)).toEqual([]);

      expect((await s.services.automation.runDueJobs(new Date(Date.now() + 61_000))).done.directing).toBeGreaterThanOrEqual(1);
      const arrived = await waitFor(() => messagesOf(c).find((e) => e.payload.message.body === 'anyone there?'));
      expect(arrived.payload).toMatchObject({ action: 'create', ticket: { queueId: billing } });
      expect(c.findIndex((e) => e.event === 'ticket' && e.payload.ticket?.queueId === billing)).toBeLessThan(c.indexOf(arrived));
    } finally {
      await admin('PUT', '/api/settings/timeSendQueue', { value: '0' });
    }
  });
});
