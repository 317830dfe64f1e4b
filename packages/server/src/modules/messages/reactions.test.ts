/**
 * Reactions and edits, both ways, on the simulator: the customer's reaction and edit show on the
 * message (the text it had kept in the history); an attendant who may answer on the ticket reacts
 * and edits their own text within the 15-minute window, and the customer's phone shows it. Who may
 * not answer is refused, and a refusal changes nothing.
 */
import { eq } from 'drizzle-orm';
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEdits, messages, queues, tickets } from '../../db/schema.js';
import { bearer, createTestServer, type TestServer } from '../../test/harness.js';
import { connectSimulator, customerChat, customerSends, phoneNumber, waitFor } from '../../test/simulator.js';

interface Msg {
  id: string;
  body: string;
  fromMe: boolean;
  isEdited: boolean;
  originalBody?: string | null;
  reactions?: { emoji: string; fromMe: boolean }[];
}
interface SimMsg {
  id: string;
  body: string;
  sender: string;
  customerReaction?: string | null;
  connectionReaction?: string | null;
  isEdited?: boolean;
}

describe('reactions and edits on the simulator, both ways', () => {
  let s: TestServer;
  let base: string;
  let conn: { id: number; number: string };
  let sales: number;
  let support: number;
  let ana: { id: number; token: string };
  let bruno: { id: number; token: string };
  let carla: { id: number; token: string };
  const sockets: Socket[] = [];

  const api = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    s.app.inject({ method, url, headers: bearer(token), payload: payload as never });
  const page = async (token: string, ticketId: number) =>
    (await api(token, 'GET', `/api/messages/${ticketId}`)).json<{
      messages: Msg[];
      messageActions: { react: boolean; edit: boolean; editWindowMinutes: number };
    }>();
  const phone = async (from: string) => (await customerChat(s, from, conn.number)) as SimMsg[];

  /** A customer writes to Sales; Ana accepts and answers. */
  async function conversation() {
    const from = phoneNumber();
    const { id: customerMsgId } = await customerSends(s, {
      from,
      to: conn.number,
      name: `Customer ${from}`,
      body: 'quero saber do pedido',
    });
    const ticket = await waitFor(async () =>
      (await s.database.db.select().from(tickets).where(eq(tickets.whatsappId, conn.id))).find(
        (t) => t.lastMessage === 'quero saber do pedido' && t.status === 'pending',
      ),
    );
    await s.database.db.update(tickets).set({ queueId: sales }).where(eq(tickets.id, ticket.id));
    expect((await api(ana.token, 'PUT', `/api/tickets/${ticket.id}`, { status: 'open' })).statusCode).toBe(200);
    const sent = await api(ana.token, 'POST', `/api/messages/${ticket.id}`, { body: 'Seu pedido sai amanha' });
    expect(sent.statusCode, sent.body).toBe(201);
    const reply = sent.json<Msg>();
    await waitFor(async () => (await s.database.db.select().from(messages).where(eq(messages.id, reply.id)))[0]?.sendState === 'sent');
    const inbound = (await page(ana.token, ticket.id)).messages.find((m) => !m.fromMe)!;
    return { ticketId: ticket.id, from, customerMsgId, replyId: reply.id, reply, inbound };
  }

  beforeAll(async () => {
    s = await createTestServer();
    base = await s.listen();
    conn = await connectSimulator(s);
    [{ id: sales }] = await s.database.db.insert(queues).values({ name: 'Sales', color: '#00aa11' }).returning();
    [{ id: support }] = await s.database.db.insert(queues).values({ name: 'Support', color: '#0000bb' }).returning();
    ana = await s.createUser({ name: 'Ana', queueIds: [sales] });
    bruno = await s.createUser({ name: 'Bruno', queueIds: [sales] });
    carla = await s.createUser({ name: 'Carla', queueIds: [support] });
  }, 180_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await s?.stop();
  });

  it("offers reactions and edits on the simulator's tickets to who may answer", async () => {
    const c = await conversation();
    expect((await page(ana.token, c.ticketId)).messageActions).toEqual({ react: true, edit: true, editWindowMinutes: 15 });
  });

  it("the customer's reaction shows on our message, live, and its removal takes it away", async () => {
    const c = await conversation();
    const socket = ioClient(base, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: ana.token },
    });
    sockets.push(socket);
    const updates: Msg[] = [];
    socket.on('appMessage', (p: { action: string; message: Msg }) => {
      if (p.action === 'update' && p.message.id === c.replyId) updates.push(p.message);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ours = (await phone(c.from)).find((m) => m.sender === 'connection')!;
    const react = await s.app.inject({
      method: 'POST',
      url: `/api/simulator/messages/${ours.id}/react`,
      headers: bearer(s.adminToken),
      payload: { emoji: '👍' },
    });
    expect(react.statusCode, react.body).toBe(200);
    const reacted = await waitFor(() => updates.find((m) => m.reactions?.length));
    expect(reacted.reactions).toEqual([{ emoji: '👍', fromMe: false }]);
    expect((await page(ana.token, c.ticketId)).messages.find((m) => m.id === c.replyId)?.reactions).toEqual([
      { emoji: '👍', fromMe: false },
    ]);

    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: `/api/simulator/messages/${ours.id}/react`,
          headers: bearer(s.adminToken),
          payload: { emoji: '' },
        })
      ).statusCode,
    ).toBe(200);
    await waitFor(() => updates.find((m) => m.reactions?.length === 0));
    expect((await page(ana.token, c.ticketId)).messages.find((m) => m.id === c.replyId)?.reactions).toEqual([]);
  });

  it("the customer's edit replaces the text, marked edited, and the original stays in the history", async () => {
    const c = await conversation();
    const edit = await s.app.inject({
      method: 'POST',
      url: `/api/simulator/messages/${c.customerMsgId}/edit`,
      headers: bearer(s.adminToken),
      payload: { body: 'quero saber do pedido 4471' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = await waitFor(async () => (await page(ana.token, c.ticketId)).messages.find((m) => m.id === c.inbound.id && m.isEdited));
    expect(edited).toMatchObject({ body: 'quero saber do pedido 4471', isEdited: true, originalBody: 'quero saber do pedido' });
    expect(
      await s.database.db
        .select({ previous: messageEdits.previousBody, userId: messageEdits.userId })
        .from(messageEdits)
        .where(eq(messageEdits.messageId, c.inbound.id)),
    ).toEqual([{ previous: 'quero saber do pedido', userId: null }]);
  });

  it("an attendant's reaction reaches the customer's phone; an empty one takes it away", async () => {
    const c = await conversation();
    const res = await api(ana.token, 'PUT', `/api/messages/${c.inbound.id}/reaction`, { emoji: '❤️' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Msg>().reactions).toEqual([{ emoji: '❤️', fromMe: true }]);
    expect((await phone(c.from)).find((m) => m.id === c.customerMsgId)?.connectionReaction).toBe('❤️');
    const removed = await api(ana.token, 'PUT', `/api/messages/${c.inbound.id}/reaction`, { emoji: '' });
    expect(removed.json<Msg>().reactions).toEqual([]);
    expect((await phone(c.from)).find((m) => m.id === c.customerMsgId)?.connectionReaction).toBeNull();
  });

  it("an attendant edits their sent text: the customer's phone shows the new text, marked edited", async () => {
    const c = await conversation();
    const res = await api(ana.token, 'PUT', `/api/messages/${c.replyId}`, { body: 'Seu pedido sai hoje' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Msg>()).toMatchObject({ body: 'Seu pedido sai hoje', isEdited: true, originalBody: 'Seu pedido sai amanha' });
    const onPhone = (await phone(c.from)).find((m) => m.sender === 'connection')!;
    expect(onPhone).toMatchObject({ body: 'Seu pedido sai hoje', isEdited: true });
    const [history] = await s.database.db.select().from(messageEdits).where(eq(messageEdits.messageId, c.replyId));
    expect(history).toMatchObject({ previousBody: 'Seu pedido sai amanha', userId: ana.id });
  });

  it('refuses who may not answer on the ticket, a colleague editing a text not theirs, and bad input — changing nothing', async () => {
    const c = await conversation();
    // Carla (another sector) and Bruno (the ticket is Ana's) do not see it: not found.
    for (const who of [carla, bruno]) {
      expect((await api(who.token, 'PUT', `/api/messages/${c.inbound.id}/reaction`, { emoji: '👍' })).json()).toMatchObject({
        error: 'ERR_NO_TICKET_FOUND',
      });
      expect((await api(who.token, 'PUT', `/api/messages/${c.replyId}`, { body: 'hack' })).json()).toMatchObject({
        error: 'ERR_NO_TICKET_FOUND',
      });
    }
    // Given to Bruno, he answers now, but Ana's text stays hers to edit.
    await s.database.db.update(tickets).set({ userId: bruno.id }).where(eq(tickets.id, c.ticketId));
    const notHis = await api(bruno.token, 'PUT', `/api/messages/${c.replyId}`, { body: 'hack' });
    expect(notHis.statusCode).toBe(403);
    expect(notHis.json()).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect((await api(bruno.token, 'PUT', `/api/messages/${c.inbound.id}`, { body: 'hack' })).statusCode).toBe(403);
    expect((await api(bruno.token, 'PUT', `/api/messages/${c.inbound.id}/reaction`, { emoji: 'not an emoji' })).statusCode).toBe(400);
    expect((await api(bruno.token, 'PUT', `/api/messages/${c.replyId}`, { body: '   ' })).statusCode).toBe(400);
    const [row] = await s.database.db.select().from(messages).where(eq(messages.id, c.replyId));
    expect(row).toMatchObject({ body: 'Seu pedido sai amanha', isEdited: false });
    expect((await phone(c.from)).every((m) => !m.connectionReaction && !m.isEdited)).toBe(true);
  });

  it('refuses an edit after the 15-minute window and any reaction once the ticket is closed', async () => {
    const c = await conversation();
    await s.database.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(messages.id, c.replyId));
    const late = await api(ana.token, 'PUT', `/api/messages/${c.replyId}`, { body: 'tarde demais' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'ERR_EDIT_WINDOW_CLOSED' });
    expect((await phone(c.from)).find((m) => m.sender === 'connection')?.body).toBe('Seu pedido sai amanha');

    expect((await api(ana.token, 'PUT', `/api/tickets/${c.ticketId}`, { status: 'closed' })).statusCode).toBe(200);
    const closed = await api(ana.token, 'PUT', `/api/messages/${c.inbound.id}/reaction`, { emoji: '👍' });
    expect(closed.statusCode).toBe(409);
    expect((await page(ana.token, c.ticketId)).messageActions).toMatchObject({ react: false, edit: false });
  });
});
