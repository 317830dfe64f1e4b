/**
 * Private notes and @mentions: stored with the messages, never sent, never a reply; mentions
 * notify the named user only and let them open that ticket (and nothing else).
 */
import { eq } from 'drizzle-orm';
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, queues, tickets } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { connectSimulator, customerChat, customerSends, phoneNumber, waitFor } from '../../test/simulator.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- socket payloads as the client receives them
type Payload = any;

describe('private notes and mentions', () => {
  let s: TestServer;
  let base: string;
  let conn: { id: number; number: string };
  let sales: number;
  let support: number;
  let ana: { id: number; token: string };
  let bruno: { id: number; token: string };
  let carla: { id: number; token: string };
  const sockets: Socket[] = [];

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    s.app.inject({ method, url, headers: bearer(token), payload: payload as never });

  async function socketOf(token: string): Promise<{ socket: Socket; log: { event: string; payload: Payload }[] }> {
    const socket = ioClient(base, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
    sockets.push(socket);
    const log: { event: string; payload: Payload }[] = [];
    socket.onAny((event: string, payload: Payload) => log.push({ event, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, log };
  }

  /** A customer writes; the ticket lands in `queueId` and is accepted by `owner` when given. */
  async function ticketFor(queueId: number, owner?: { token: string }) {
    const from = phoneNumber();
    await customerSends(s, { from, to: conn.number, name: `Customer ${from}`, body: 'hello' });
    const ticket = await waitFor(async () => {
      const rows = await s.database.db.select().from(tickets).where(eq(tickets.whatsappId, conn.id));
      return rows.find((t) => t.lastMessage === 'hello' && t.queueId == null && t.status === 'pending');
    });
    await s.database.db.update(tickets).set({ queueId }).where(eq(tickets.id, ticket.id));
    if (owner) expect((await api(owner.token, 'PUT', `/api/tickets/${ticket.id}`, { status: 'open' })).statusCode).toBe(200);
    return { id: ticket.id, from };
  }

  beforeAll(async () => {
    s = await createTestServer();
    base = await s.listen();
    conn = await connectSimulator(s);
    [{ id: sales }] = await s.database.db.insert(queues).values({ name: 'Sales', color: '#00aa01' }).returning();
    [{ id: support }] = await s.database.db.insert(queues).values({ name: 'Support', color: '#0000ab' }).returning();
    ana = await s.createUser({ name: 'Ana Paula', queueIds: [sales] });
    bruno = await s.createUser({ name: 'Bruno', queueIds: [sales] });
    carla = await s.createUser({ name: 'Carla', queueIds: [support] });
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await s.stop();
  });

  it('a note is stored with the messages, never sent, and changes nothing about the ticket', async () => {
    const t = await ticketFor(sales, ana);
    const before = (await s.database.db.select().from(tickets).where(eq(tickets.id, t.id)))[0];
    const res = await api(ana.token, 'POST', `/api/tickets/${t.id}/notes`, { body: 'customer is a VIP' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ isPrivate: true, sendState: 'note', authorName: 'Ana Paula', body: 'customer is a VIP' });

    // A real reply after it goes out; the note never does.
    const reply = await api(ana.token, 'POST', `/api/messages/${t.id}`, { body: 'How can I help?' });
    expect(reply.statusCode).toBe(201);
    await waitFor(async () => (await customerChat(s, t.from, conn.number)).some((m) => m.body === 'How can I help?'));
    await s.services.outbox.idle();
    expect((await customerChat(s, t.from, conn.number)).map((m) => m.body)).not.toContain('customer is a VIP');
    const [note] = await s.database.db.select().from(messages).where(eq(messages.id, res.json().id));
    expect(note).toMatchObject({ sendState: 'note', isPrivate: true, externalId: null, sendAttempts: 0 });

    // The chat shows it; the ticket's last message, unread count and times ignore it.
    const page = await api(ana.token, 'GET', `/api/messages/${t.id}`);
    expect(page.json().messages.map((m: { body: string }) => m.body)).toContain('customer is a VIP');
    const noteOnly = await ticketFor(sales, ana);
    const quiet = (await s.database.db.select().from(tickets).where(eq(tickets.id, noteOnly.id)))[0];
    await api(ana.token, 'POST', `/api/tickets/${noteOnly.id}/notes`, { body: 'just thinking' });
    const after = (await s.database.db.select().from(tickets).where(eq(tickets.id, noteOnly.id)))[0];
    expect(after).toMatchObject({
      lastMessage: quiet.lastMessage,
      lastMessageFromMe: quiet.lastMessageFromMe,
      unreadMessages: quiet.unreadMessages,
    });
    expect(after.updatedAt.getTime()).toBe(quiet.updatedAt.getTime());
    expect(after.lastMessageAt?.getTime()).toBe(quiet.lastMessageAt?.getTime());
    expect(before.id).toBe(t.id);
  });

  it('the database refuses a private message in any state the outbox could send', async () => {
    const t = await ticketFor(sales, ana);
    await expect(
      s.database.db
        .insert(messages)
        .values({ id: `bad-${t.id}`, ticketId: t.id, whatsappId: conn.id, body: 'x', fromMe: true, sendState: 'pending', isPrivate: true }),
    ).rejects.toThrow();
  });

  it('notes are text only; bad input is refused and stores nothing', async () => {
    const t = await ticketFor(sales, ana);
    expect((await api(ana.token, 'POST', `/api/tickets/${t.id}/notes`, { body: '   ' })).statusCode).toBe(400);
    expect((await api(ana.token, 'POST', `/api/tickets/${t.id}/notes`, { body: 42 })).statusCode).toBe(400);
    expect((await api(ana.token, 'POST', `/api/tickets/${t.id}/notes`, {})).statusCode).toBe(400);
    // The message-send route no longer takes notes: one sent there is refused, not sent to the customer.
    const old = await api(ana.token, 'POST', `/api/messages/${t.id}`, { body: 'internal only', isPrivate: true });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    const rows = await s.database.db.select().from(messages).where(eq(messages.ticketId, t.id));
    expect(rows.filter((m) => m.isPrivate)).toHaveLength(0);
    expect(rows.some((m) => m.body === 'internal only')).toBe(false);
  });

  it('a user who may not see the ticket cannot add a note; a mention lets them open that ticket only', async () => {
    const t = await ticketFor(sales, ana);
    const other = await ticketFor(sales, ana);
    // Carla (Support) sees neither of Ana's tickets.
    expect((await api(carla.token, 'POST', `/api/tickets/${t.id}/notes`, { body: 'hi' })).statusCode).toBe(404);
    expect((await api(carla.token, 'GET', `/api/tickets/${t.id}`)).statusCode).toBe(404);

    const carlaLive = await socketOf(carla.token);
    const brunoLive = await socketOf(bruno.token);
    const anaLive = await socketOf(ana.token);
    const res = await api(ana.token, 'POST', `/api/tickets/${t.id}/notes`, { body: '@carla can you check the invoice?' });
    expect(res.statusCode).toBe(201);

    const mention = await waitFor(() => carlaLive.log.find((e) => e.event === 'mention' && e.payload.action === 'create'));
    expect(mention.payload.mention).toMatchObject({ ticketId: t.id, byUserName: 'Ana Paula', body: '@carla can you check the invoice?' });
    await waitFor(() => anaLive.log.find((e) => e.event === 'appMessage' && e.payload.message.id === res.json().id));
    await waitFor(() => carlaLive.log.find((e) => e.event === 'appMessage' && e.payload.message.id === res.json().id));
    // Bruno may not see Ana's ticket: the note never reaches him, nor the mention.
    expect(brunoLive.log.some((e) => e.event === 'appMessage' && e.payload.message?.id === res.json().id)).toBe(false);
    expect(brunoLive.log.some((e) => e.event === 'mention')).toBe(false);

    // The mention is listed until Carla opens the ticket, which she now may (read and add notes).
    expect((await api(carla.token, 'GET', '/api/mentions')).json().mentions.map((m: { ticketId: number }) => m.ticketId)).toContain(t.id);
    expect((await api(carla.token, 'GET', `/api/tickets/${t.id}`)).statusCode).toBe(200);
    const chat = await api(carla.token, 'GET', `/api/messages/${t.id}`);
    expect(chat.statusCode).toBe(200);
    expect((await api(carla.token, 'GET', '/api/mentions')).json().mentions.map((m: { ticketId: number }) => m.ticketId)).not.toContain(
      t.id,
    );
    await waitFor(() => carlaLive.log.find((e) => e.event === 'mention' && e.payload.action === 'read' && e.payload.ticketId === t.id));
    expect((await api(carla.token, 'POST', `/api/tickets/${t.id}/notes`, { body: 'done, @Ana Paula' })).statusCode).toBe(201);
    await waitFor(() => anaLive.log.find((e) => e.event === 'mention' && e.payload.mention.body === 'done, @Ana Paula'));

    // ...but not reply to the customer, accept, or see Ana's other tickets.
    expect((await api(carla.token, 'POST', `/api/messages/${t.id}`, { body: 'hello customer' })).statusCode).toBe(404);
    expect((await api(carla.token, 'PUT', `/api/tickets/${t.id}`, { status: 'open', userId: carla.id })).statusCode).toBe(404);
    expect((await api(carla.token, 'GET', `/api/tickets/${other.id}`)).statusCode).toBe(404);
    expect((await api(carla.token, 'GET', `/api/messages/${other.id}`)).statusCode).toBe(404);
  });

  it('a note cannot be quoted to the customer and is withdrawn only by its author or an admin', async () => {
    const t = await ticketFor(sales, ana);
    const note = (await api(ana.token, 'POST', `/api/tickets/${t.id}/notes`, { body: 'internal detail' })).json();
    const reply = await api(ana.token, 'POST', `/api/messages/${t.id}`, { body: 'ok', quotedMsg: note.id });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ error: 'ERR_QUOTED_MSG_NOT_FOUND' });
    const admin = await api(s.adminToken, 'POST', `/api/tickets/${t.id}/notes`, { body: 'admin note' });
    expect((await api(ana.token, 'DELETE', `/api/messages/${admin.json().id}`)).statusCode).toBe(403);
    expect((await api(ana.token, 'DELETE', `/api/messages/${note.id}`)).json()).toMatchObject({ isDeleted: true, isPrivate: true });
  });

  it('mentions are listed only for the signed-in user', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/mentions' })).statusCode).toBe(401);
    const t = await ticketFor(support);
    await api(s.adminToken, 'POST', `/api/tickets/${t.id}/notes`, { body: '@Bruno look' });
    const brunos = (await api(bruno.token, 'GET', '/api/mentions')).json().mentions as { ticketId: number }[];
    const carlas = (await api(carla.token, 'GET', '/api/mentions')).json().mentions as { ticketId: number }[];
    expect(brunos.map((m) => m.ticketId)).toContain(t.id);
    expect(carlas.map((m) => m.ticketId)).not.toContain(t.id);
  });

  it('a mention’s access ends when the last note naming the user is withdrawn', async () => {
    const t = await ticketFor(sales, ana);
    const first = await api(ana.token, 'POST', `/api/tickets/${t.id}/notes`, { body: '@carla please look' });
    const second = await api(ana.token, 'POST', `/api/tickets/${t.id}/notes`, { body: '@carla and this too' });
    expect((await api(carla.token, 'GET', `/api/messages/${t.id}`)).statusCode).toBe(200);

    // One of two notes withdrawn: the other still names her.
    expect((await api(ana.token, 'DELETE', `/api/messages/${first.json().id}`)).statusCode).toBe(200);
    expect((await api(carla.token, 'GET', `/api/tickets/${t.id}`)).statusCode).toBe(200);

    // The last one withdrawn: the ticket is closed to her again, on every read and for notes.
    expect((await api(ana.token, 'DELETE', `/api/messages/${second.json().id}`)).statusCode).toBe(200);
    expect((await api(carla.token, 'GET', `/api/tickets/${t.id}`)).statusCode).toBe(404);
    expect((await api(carla.token, 'GET', `/api/messages/${t.id}`)).statusCode).toBe(404);
    expect((await api(carla.token, 'POST', `/api/tickets/${t.id}/notes`, { body: 'still here?' })).statusCode).toBe(404);
    expect((await api(carla.token, 'GET', '/api/mentions')).json().mentions.map((m: { ticketId: number }) => m.ticketId)).not.toContain(
      t.id,
    );
  });

  it('a user who was only mentioned cannot mention others into the ticket', async () => {
    const t = await ticketFor(sales, ana);
    const dora = await s.createUser({ name: 'Dora', queueIds: [support] });
    expect((await api(ana.token, 'POST', `/api/tickets/${t.id}/notes`, { body: '@carla have a look' })).statusCode).toBe(201);
    // Carla may add a note naming Dora, but that gives Dora nothing.
    expect((await api(carla.token, 'POST', `/api/tickets/${t.id}/notes`, { body: '@Dora you too' })).statusCode).toBe(201);
    expect((await api(dora.token, 'GET', `/api/tickets/${t.id}`)).statusCode).toBe(404);
    expect((await api(dora.token, 'GET', `/api/messages/${t.id}`)).statusCode).toBe(404);
    expect((await api(dora.token, 'GET', '/api/mentions')).json().mentions.map((m: { ticketId: number }) => m.ticketId)).not.toContain(
      t.id,
    );
    // Ana (own access) can.
    expect((await api(ana.token, 'POST', `/api/tickets/${t.id}/notes`, { body: '@Dora please join' })).statusCode).toBe(201);
    expect((await api(dora.token, 'GET', `/api/tickets/${t.id}`)).statusCode).toBe(200);
  });
});
