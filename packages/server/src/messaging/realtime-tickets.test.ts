import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queues, tickets, whatsapps } from '../db/schema.js';
import { createTestServer, type TestServer } from '../test/harness.js';
import { customerWrites, phoneNumber, waitFor } from '../test/simulator.js';
import { connectedClient } from '../test/sockets.js';

/** Ticket and message events reach exactly the users who may see the ticket. */
describe('realtime ticket events', () => {
  let s: TestServer;
  let base: string;
  let connId: number;
  let sales: number;
  let support: number;
  const sockets: Socket[] = [];

  const listen = (token: string) => connectedClient(base, token, sockets);

  const inbound = (number: string, body: string) => customerWrites(s, connId, number, body);

  beforeAll(async () => {
    s = await createTestServer();
    base = await s.listen();
    [{ id: connId }] = await s.database.db.insert(whatsapps).values({ name: 'RT', channel: 'simulator', isDefault: true }).returning();
    [{ id: sales }] = await s.database.db.insert(queues).values({ name: 'Sales', color: '#0a0' }).returning();
    [{ id: support }] = await s.database.db.insert(queues).values({ name: 'Support', color: '#00a' }).returning();
  });
  afterAll(async () => {
    for (const so of sockets) so.close();
    await s.stop();
  });

  it('a sector member gets the ticket and its messages; a member of another sector gets nothing', async () => {
    const alice = await s.createUser({ queueIds: [sales] });
    const carol = await s.createUser({ queueIds: [support] });
    const admin = await listen(s.adminToken);
    const a = await listen(alice.token);
    const c = await listen(carol.token);

    const number = phoneNumber();
    const first = await inbound(number, 'first');
    await s.database.db.update(tickets).set({ queueId: sales }).where(eq(tickets.id, first!.ticket.id));
    await inbound(number, 'second, now in Sales');

    await waitFor(() => a.events.some((e) => e.event === 'appMessage' && e.payload.message.body === 'second, now in Sales'));
    await waitFor(() => admin.events.some((e) => e.event === 'appMessage' && e.payload.message.body === 'first'));
    // The sectorless first message went to admins (and sectorless viewers) only.
    expect(a.events.some((e) => e.event === 'appMessage' && e.payload.message.body === 'first')).toBe(false);
    expect(c.events.filter((e) => e.event === 'appMessage' || e.event === 'ticket')).toEqual([]);
  });

  it('joining a chat room is granted only for a visible ticket', async () => {
    const alice = await s.createUser({ queueIds: [sales] });
    const a = await listen(alice.token);
    const number = phoneNumber();
    const r = await inbound(number, 'hello');
    await s.database.db.update(tickets).set({ queueId: support }).where(eq(tickets.id, r!.ticket.id));
    const refused = await a.socket.emitWithAck('joinChatBox', r!.ticket.id);
    expect(refused).toBe(false);
    await s.database.db.update(tickets).set({ queueId: sales }).where(eq(tickets.id, r!.ticket.id));
    const granted = await a.socket.emitWithAck('joinChatBox', r!.ticket.id);
    expect(granted).toBe(true);
  });
});
